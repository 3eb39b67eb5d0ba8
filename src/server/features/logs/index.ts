export { EXPORT_COLUMNS, exportLogsCsv } from './logs.export';
export { type PageFilters } from './logs.page.repository';
export {
  LOG_VALUE_KEYS,
  type LogRecord,
  type LogValues,
  addHistory,
  listForSupervisor,
  listHistory,
  supervisedBy,
} from './logs.repository';
export {
  NOT_OWN_SUPERVISOR,
  SIGNED_MONTH,
  entryErrors,
  entrySchemaFor,
  pageOfLogs,
  serverToday,
  valuesOf,
} from './logs.service';
export {
  diffSnapshots,
  snapshotOf,
  taskItemOf,
  toExperienceLog,
  toHistoryEntry,
} from './logs.wire';
