export {
  formSignedOn,
  logStartCause,
  readCountingRows,
  readStartFacts,
  sameSubject,
} from './progress.repository';
export { getAccrued, monthTotalsByType } from './progress.service';
export { ruleSetFor, traineeStandards, traineeUnderBoth } from './standards.service';
export { startWarningsFor } from './start-of-fieldwork.service';
