export { sumLogsByMonthAndType } from './progress.repository';
export { adjustMonthRows, getAccrued, monthTotalsByType, ruleSetFor } from './progress.service';
export { traineeStandards, standardsFor } from './progress.service';
