export {
  type TraineeSupervisorRow,
  findForTrainee,
  findSupervisorAccountId,
  insert,
  linkByEmail,
  listForTrainee,
  markInvited,
} from './supervisors.repository';
export { isUniqueViolation } from './supervisors.service';
