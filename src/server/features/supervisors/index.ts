export {
  type TraineeSupervisorRow,
  findForTrainee,
  listForTrainee,
  listWithLinks,
  markInvited,
} from './supervisors.repository';
export { isUniqueViolation, listSupervisor } from './supervisors.service';
export { insertAccepted } from './link-requests.repository';
export { askByEmail, type LinkMail } from './link-requests.service';
export { listLinkedTrainees } from './trainee-links.repository';
export { assertLinkedTrainee, traineeInView } from './trainee-links.service';
export { supervises } from './supervision-scope';
