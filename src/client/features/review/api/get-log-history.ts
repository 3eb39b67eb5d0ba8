// A log's history is one endpoint for both sides, read in one place.
export {
  getLogHistory as getReviewLogHistory,
  useLogHistory as useReviewLogHistory,
} from '../../../lib/experience-logs';
