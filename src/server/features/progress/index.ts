export {
  formSignedOn,
  organizationKeySql,
  sameSubject,
  sumLogsByMonthAndType,
} from './progress.repository';
export { getAccrued, monthTotalsByType } from './progress.service';
export { adjustMonthRows, readCountingRows } from './month-rows';
export { ruleSetFor, standardsFor, traineeStandards, traineeUnderBoth } from './standards.service';
