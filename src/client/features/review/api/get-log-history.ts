// A log's history is one endpoint for both sides, read in one place.
export { useLogHistory as useReviewLogHistory } from '../../../lib/experience-logs';
