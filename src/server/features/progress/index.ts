export {
  formSignedOn,
  organizationKeySql,
  readCountingRows,
  sameSubject,
  sumLogsByMonthAndType,
} from './progress.repository';
export { getAccrued, monthTotalsByType } from './progress.service';
export { ruleSetFor, standardsFor, traineeStandards, traineeUnderBoth } from './standards.service';
