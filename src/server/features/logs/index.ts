export { EXPORT_COLUMNS, exportLogsCsv } from './logs.export';
export { type PageFilters } from './logs.page.repository';
export { signOffMonth } from './logs.signoff';
export {
  LOG_VALUE_KEYS,
  type LogRecord,
  type LogValues,
  addHistory,
  findActiveSignoff,
  listForSupervisor,
  listHistory,
  supervisedBy,
} from './logs.repository';
export {
  NOT_OWN_SUPERVISOR,
  SIGNED_MONTH,
  entryErrors,
  entrySchemaFor,
  getSupervisorLog,
  getSupervisorLogHistory,
  listSupervisorLogs,
  loadSupervisedLog,
  pageOfLogs,
  valuesOf,
} from './logs.service';
export {
  diffSnapshots,
  snapshotOf,
  taskItemOf,
  toExperienceLog,
  toHistoryEntry,
} from './logs.wire';
