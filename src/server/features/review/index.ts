export { findActiveSignoff, listLinkedTrainees } from './review.repository';
export {
  assertLinkedTrainee,
  getSupervisorLog,
  getSupervisorLogHistory,
  listSupervisorLogs,
  traineeInView,
} from './review.service';
