// A log's history is one endpoint for both sides, read in one place.
export { useLogHistory } from '../../../lib/experience-logs';
