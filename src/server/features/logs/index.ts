export { EXPORT_COLUMNS, exportLogsCsv } from './logs.export';
export {
  type LiveSignoff,
  type StructureMonth,
  listLiveSignoffs,
  listStructureLogs,
  signOffMonth,
  signedMonthOf,
} from './logs.signoff';
export {
  LOG_VALUE_KEYS,
  type LogRecord,
  type LogValues,
  addHistory,
  listForSupervisor,
  supervisedBy,
} from './logs.repository';
export {
  NOT_OWN_SUPERVISOR,
  entryErrors,
  entrySchemaFor,
  loadSupervisedLog,
  valuesOf,
} from './logs.service';
export { storedType, typeConflictJudge, type RecordTypedLog } from './logs.fieldwork-type';
export { diffSnapshots, snapshotOf, taskItemOf, toExperienceLog } from './logs.wire';
