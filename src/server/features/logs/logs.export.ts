import { setImmediate as nextTurn } from 'node:timers/promises';
import { CSV_BOM, csvRow } from '../../../shared/logs/csv';
import { formatTime, minutesToHours } from '../../../shared/logs/time';
import type { Db } from '../../db/client';
import * as repo from './logs.repository';

/** Logs per query: each page is one CSV chunk; memory holds one page at a time. */
export const EXPORT_PAGE_SIZE = 1000;

/** The columns a BACB audit asks for, in order. */
export const EXPORT_COLUMNS = [
  'Date',
  'Start time',
  'End time',
  'Fieldwork type',
  'Supervisor',
  'Setting',
  'Experience hours',
  'Independent hours',
  'Supervised hours',
  'Individual or group',
  'Method of supervision',
  'Restricted hours',
  'Unrestricted hours',
  'Client observation',
  'Observation hours',
  'Supervision contact',
  'Tasks',
  'Notes',
  'Status',
  'Approval date',
] as const;

function exportRow(log: repo.ExportLog): string {
  const isSupervised = log.individualOrGroup !== 'No supervision';
  return csvRow([
    log.dateOfExperience,
    formatTime(log.startMinute),
    formatTime(log.endMinute),
    log.experienceTypeName ?? String(log.experienceTypeId),
    [log.supervisorName, log.supervisorLastname].filter(Boolean).join(' '),
    log.settingName ?? String(log.settingId),
    minutesToHours(log.experienceMinutes),
    minutesToHours(log.independentMinutes),
    minutesToHours(log.supervisedMinutes),
    log.individualOrGroup,
    isSupervised ? log.methodOfSupervision : '',
    minutesToHours(log.restrictedMinutes),
    minutesToHours(log.unrestrictedMinutes),
    isSupervised ? log.clientObservation : '',
    log.observationMinutes === null ? '' : minutesToHours(log.observationMinutes),
    isSupervised ? log.supervisionContactName : '',
    log.taskIds.join('; '),
    log.experienceNote,
    log.status,
    log.status === 'approved' ? (log.statusChangedOn ?? '') : '',
  ]);
}

export async function* exportLogsCsv(ctx: {
  db: Db;
  traineeId: number;
  filter: repo.ExportFilter;
}): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(EXPORT_COLUMNS);
  // The embedded database answers on this thread: let the header reach the socket first.
  await nextTurn();
  let cursor: repo.ExportCursor | null = null;
  for (;;) {
    const page = await repo.listExportPage(
      ctx.db,
      ctx.traineeId,
      ctx.filter,
      cursor,
      EXPORT_PAGE_SIZE,
    );
    if (page.length === 0) return;
    yield page.map(exportRow).join('');
    const last = page[page.length - 1];
    if (!last || page.length < EXPORT_PAGE_SIZE) return;
    cursor = { date: last.dateOfExperience, startMinute: last.startMinute, id: last.id };
  }
}
