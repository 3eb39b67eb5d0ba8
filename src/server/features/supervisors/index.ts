export {
  type TraineeSupervisorRow,
  findForTrainee,
  findSupervisorAccountId,
  insert,
  linkByEmail,
  listForTrainee,
  markInvited,
} from './supervisors.repository';
export { isUniqueViolation, lookUpSupervisorAccount } from './supervisors.service';
export { listLinkedTrainees } from './trainee-links.repository';
export { assertLinkedTrainee, traineeInView } from './trainee-links.service';
export { hasRemoved, supervises } from './supervision-scope';
