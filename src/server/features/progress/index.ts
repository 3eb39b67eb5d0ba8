export {
  formSignedOn,
  organizationKeySql,
  sameSubject,
  sumLogsByMonthAndType,
} from './progress.repository';
export { adjustMonthRows, getAccrued, monthTotalsByType, ruleSetFor } from './progress.service';
export { readCountingRows, traineeStandards, standardsFor } from './progress.service';
