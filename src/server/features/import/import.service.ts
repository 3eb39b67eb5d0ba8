import { createHash } from 'node:crypto';
import { AppError, fieldErrorsOf, type FieldErrors } from '../../../shared/errors';
import { guessMapping } from '../../../shared/import/import-columns';
import {
  IMPORT_MESSAGES,
  type ImportLayout,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
  type PreviewRow,
} from '../../../shared/import/import.schema';
import type { LogEntryInput } from '../../../shared/logs/log-entry.schema';
import { findOverlappingLog, type LogWindow } from '../../../shared/logs/log-overlap';
import { signedMonthMessage, signoffCovering } from '../../../shared/review/month-signoff';
import { SUPERVISION_CONTACTS } from '../../../shared/logs/rule-sets';
import {
  formatTime,
  formatUsDate,
  minutesToHours,
  monthEnd,
  monthOf,
  monthStart,
} from '../../../shared/logs/time';
import { EXPERIENCE_TYPES, SETTINGS } from '../../../shared/reference/lookups';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import {
  entryErrors,
  entrySchemaFor,
  NOT_OWN_SUPERVISOR,
  listLiveSignoffs,
  storedType,
  typeConflictJudge,
  valuesOf,
  type RecordTypedLog,
  diffSnapshots,
  snapshotOf,
} from '../logs';
import { startWarningsFor } from '../progress';
import * as supervisorsRepo from '../supervisors';
import { readSpreadsheet, type Sheet } from './import.parse';
import * as repo from './import.repository';
import {
  applicableMapping,
  convertExportRow,
  convertMappedRow,
  isExportLayout,
  type ConvertedRow,
  type SupervisorRecord,
} from './import.rows';

/*
 * Importing earlier hours (issue 14). Every row goes through the log form's own rules. The
 * preview stores nothing; the confirmation checks every row again inside one transaction.
 */

type Context = { db: Db; actor: Actor; now: Date };
type Upload = { bytes: Buffer; fileName: string; mapping: ImportMapping | null };

type Placed = LogWindow & { line: number };

export function overlapsRowMessage(other: Placed): string {
  const times = `${formatTime(other.startMinutes)}–${formatTime(other.endMinutes)}`;
  return `This entry overlaps row ${other.line} of this file (${formatUsDate(other.date)}, ${times}).`;
}

const text = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : Array.isArray(value)
      ? value.join('; ')
      : String(value);

type Checked = { rows: PreviewRow[]; entries: (LogEntryInput | null)[] };

const nameOf = (items: readonly { id: number; name: string }[], id: unknown) =>
  items.find((item) => item.id === id)?.name ?? text(id);
const contactName = (id: unknown) =>
  SUPERVISION_CONTACTS.find((item) => item.id === id)?.contact ?? text(id);

function previewRow(
  line: number,
  converted: ConvertedRow,
  entry: LogEntryInput | null,
  errors: FieldErrors,
  warnings: string[],
): PreviewRow {
  const { wire } = converted;
  const hours = (minutes: number | undefined) =>
    minutes === undefined ? null : minutesToHours(minutes);
  return {
    line,
    date: entry?.dateOfExperience ?? text(wire.date_of_experience),
    start: entry ? formatTime(entry.startMinute) : text(wire.time_of_expereince_start),
    end: entry ? formatTime(entry.endMinute) : text(wire.time_of_expereince_end),
    type: nameOf(EXPERIENCE_TYPES, entry?.experienceTypeId ?? wire.expereince_type),
    supervisor: converted.supervisorText,
    setting: nameOf(SETTINGS, entry?.settingId ?? wire.setting),
    individual_or_group: entry?.individualOrGroup ?? text(wire.individual_or_group),
    method: entry ? (entry.methodOfSupervision ?? '') : text(wire.method_of_supervision),
    supervision:
      entry?.supervisionStartMinute != null && entry.supervisionEndMinute != null
        ? `${formatTime(entry.supervisionStartMinute)}–${formatTime(entry.supervisionEndMinute)}`
        : '',
    experience_hours: hours(entry?.experienceMinutes),
    supervised_hours: hours(entry?.supervisedMinutes),
    independent_hours: hours(entry?.independentMinutes),
    unrestricted_hours: hours(entry?.unrestrictedMinutes),
    restricted_hours: hours(entry?.restrictedMinutes),
    client_observation: entry ? (entry.clientObservation ?? '') : text(wire.client_observation),
    supervision_contact: contactName(entry ? entry.supervisionContactId : wire.supervision_contact),
    tasks: entry ? entry.taskIds.join('; ') : text(wire.task),
    notes: entry?.experienceNote ?? text(wire.experience_note),
    errors,
    warnings,
  };
}

const addError = (errors: FieldErrors, field: string, message: string) => {
  const list = (errors[field] ??= []);
  if (!list.includes(message)) list.push(message);
};

async function checkRows(
  ctx: Context,
  sheet: Sheet,
  convert: (cells: string[], records: readonly SupervisorRecord[]) => ConvertedRow,
): Promise<Checked> {
  const { db, actor, now } = ctx;
  const schema = entrySchemaFor(now, actor);
  const [records, startWarning] = await Promise.all([
    supervisorsRepo.listForTrainee(db, actor.id),
    startWarningsFor(db, actor.id),
  ]);
  const endedRecords = new Set(
    records.filter((record) => record.accessEndedAt !== null).map((record) => record.id),
  );
  const converted = sheet.rows.map((cells) => convert(cells, records));
  const parsed = converted.map(({ wire }) => schema.safeParse(wire));

  const dates = parsed.flatMap((result) => (result.success ? [result.data.dateOfExperience] : []));
  dates.sort();
  // Whole months: a row's month may hold a type on a day outside the file's dates.
  const [signoffs, existing] = await Promise.all([
    listLiveSignoffs(db, actor.id),
    dates.length === 0
      ? []
      : repo.logsBetween(
          db,
          actor.id,
          monthStart(dates[0] ?? ''),
          monthEnd(dates[dates.length - 1] ?? ''),
        ),
  ]);
  // The types each month already holds, by the existing logs and then by each row placed.
  const typedByMonth = new Map<string, RecordTypedLog[]>();
  const placeType = (log: RecordTypedLog) => {
    const month = monthOf(log.date);
    const list = typedByMonth.get(month);
    if (list) list.push(log);
    else typedByMonth.set(month, [log]);
  };
  for (const log of existing) {
    const { dateOfExperience: date, traineeSupervisorId: recordId } = log;
    placeType({ date, recordId, experienceTypeId: storedType(log.experienceTypeId) });
  }
  const typeConflict = typeConflictJudge(records);
  const existingByDate = new Map<string, LogWindow[]>();
  for (const log of existing) {
    const list = existingByDate.get(log.dateOfExperience) ?? [];
    list.push({
      date: log.dateOfExperience,
      startMinutes: log.startMinute,
      endMinutes: log.endMinute,
    });
    existingByDate.set(log.dateOfExperience, list);
  }
  const fileByDate = new Map<string, Placed[]>();

  const rows: PreviewRow[] = [];
  const entries: (LogEntryInput | null)[] = [];
  converted.forEach((row, index) => {
    const line = index + 2;
    const result = parsed[index];
    const errors: FieldErrors = {};
    for (const [field, messages] of Object.entries(row.errors)) {
      for (const message of messages) addError(errors, field, message);
    }
    let entry: LogEntryInput | null = null;
    if (result?.success) {
      entry = result.data;
      const window: LogWindow = {
        date: entry.dateOfExperience,
        startMinutes: entry.startMinute,
        endMinutes: entry.endMinute,
      };
      const overlapping = findOverlappingLog(window, existingByDate.get(window.date) ?? []);
      const conflict = typeConflict(
        { date: entry.dateOfExperience, experienceTypeId: entry.experienceTypeId },
        entry.traineeSupervisorId,
        typedByMonth.get(monthOf(entry.dateOfExperience)) ?? [],
      );
      const checks = entryErrors(entry, {
        isOwnRecord: true,
        // Every imported row is a new log: none may go to a former supervisor (the log form's rule).
        isEndedRecord:
          entry.traineeSupervisorId !== null && endedRecords.has(entry.traineeSupervisorId),
        overlapping: overlapping
          ? {
              dateOfExperience: overlapping.date,
              startMinute: overlapping.startMinutes,
              endMinute: overlapping.endMinutes,
            }
          : null,
        typeConflict: conflict,
      });
      // A row refused for its type holds none; later rows are judged by the month as it stands.
      if (entry.traineeSupervisorId !== null && conflict === null) {
        const { dateOfExperience: date, experienceTypeId } = entry;
        placeType({ date, recordId: entry.traineeSupervisorId, experienceTypeId });
      }
      for (const [field, messages] of Object.entries(checks)) {
        for (const message of messages) addError(errors, field, message);
      }
      // Issue 38: only a month its supervisor's structure signed off refuses the row.
      const signoff =
        entry.traineeSupervisorId === null
          ? undefined
          : signoffCovering(signoffs, records, {
              month: monthOf(entry.dateOfExperience),
              traineeSupervisorId: entry.traineeSupervisorId,
            });
      if (signoff) addError(errors, 'date_of_experience', signedMonthMessage(signoff, records));
      const placed = fileByDate.get(window.date) ?? [];
      const earlier = findOverlappingLog(window, placed);
      if (earlier) addError(errors, 'time_of_expereince_start', overlapsRowMessage(earlier));
      placed.push({ ...window, line });
      fileByDate.set(window.date, placed);
    } else if (result) {
      for (const [field, messages] of Object.entries(fieldErrorsOf(result.error))) {
        for (const message of messages) addError(errors, field, message);
      }
    }
    // A supervisor the trainee does not have is that, not also a missing one.
    if (errors.supervisor?.includes(NOT_OWN_SUPERVISOR)) errors.supervisor = [NOT_OWN_SUPERVISOR];
    const isValid = Object.keys(errors).length === 0;
    const warning =
      isValid && entry?.traineeSupervisorId != null
        ? startWarning(entry.dateOfExperience, entry.traineeSupervisorId)
        : null;
    rows.push(previewRow(line, row, entry, errors, warning ? [warning] : []));
    entries.push(isValid ? entry : null);
  });
  return { rows, entries };
}

type Read = {
  sheet: Sheet;
  sha256: string;
  layout: ImportLayout;
  /** The mapping that reads the rows (generic layout), or null when the user must choose. */
  mapping: ImportMapping | null;
  suggested: ImportMapping | null;
};

async function readUpload(ctx: Context, upload: Upload): Promise<Read> {
  const sheet = await readSpreadsheet(upload.bytes);
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  if (isExportLayout(sheet.headers)) {
    return { sheet, sha256, layout: 'export', mapping: null, suggested: null };
  }
  const saved = await repo.findMapping(ctx.db, ctx.actor.id);
  const mapping = applicableMapping(upload.mapping, sheet.headers);
  if (upload.mapping && !mapping) throw AppError.field('mapping', IMPORT_MESSAGES.needsMapping);
  const suggested =
    mapping ?? applicableMapping(saved, sheet.headers) ?? guessMapping(sheet.headers, sheet.rows);
  return { sheet, sha256, layout: 'generic', mapping, suggested };
}

function converterOf(read: Read) {
  const { mapping, sheet } = read;
  return (cells: string[], records: readonly SupervisorRecord[]) =>
    read.layout === 'export' || !mapping
      ? convertExportRow(cells, records)
      : convertMappedRow(cells, sheet.headers, mapping, records);
}

/** Without a mapping, an own-layout file gets its headers and a suggested mapping, no rows. */
export async function previewImport(ctx: Context & { upload: Upload }): Promise<ImportPreview> {
  const read = await readUpload(ctx, ctx.upload);
  const base = {
    layout: read.layout,
    fileName: ctx.upload.fileName,
    sha256: read.sha256,
    headers: read.sheet.headers,
  };
  if (read.layout === 'generic' && !read.mapping) {
    return {
      ...base,
      mapping: read.suggested,
      needsMapping: true,
      counts: { rows: read.sheet.rows.length, valid: 0, invalid: 0 },
      rows: [],
    };
  }
  if (read.mapping) await repo.saveMapping(ctx.db, ctx.actor.id, read.mapping, ctx.now);
  const { rows, entries } = await checkRows(ctx, read.sheet, converterOf(read));
  const valid = entries.filter((entry) => entry !== null).length;
  return {
    ...base,
    mapping: read.mapping,
    needsMapping: false,
    counts: { rows: rows.length, valid, invalid: rows.length - valid },
    rows,
  };
}

/** Checked again inside the transaction: another log or a sign-off may have come since. */
export async function confirmImport(
  ctx: Context & { upload: Upload; sha256: string },
): Promise<ImportResult> {
  const read = await readUpload(ctx, ctx.upload);
  if (read.sha256 !== ctx.sha256) throw AppError.field('file', IMPORT_MESSAGES.changed);
  if (read.layout === 'generic' && !read.mapping) {
    throw AppError.field('mapping', IMPORT_MESSAGES.needsMapping);
  }
  const imported = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const { rows, entries } = await checkRows(txCtx, read.sheet, converterOf(read));
    const failing = rows.filter((row) => Object.keys(row.errors).length > 0);
    if (failing.length > 0) {
      const lines = failing
        .slice(0, 20)
        .map(
          (row) => `Line ${row.line} of the file: ${Object.values(row.errors).flat().join(' ')}`,
        );
      throw new AppError('VALIDATION', IMPORT_MESSAGES.hasErrors, {
        non_field_errors: [IMPORT_MESSAGES.hasErrors, ...lines],
      });
    }
    const logs = entries.flatMap((entry) => {
      if (entry === null || entry.traineeSupervisorId === null) return [];
      const values = valuesOf(entry, entry.traineeSupervisorId);
      return [
        {
          values,
          taskIds: entry.taskIds,
          changes: diffSnapshots(null, snapshotOf(values, entry.taskIds)),
        },
      ];
    });
    const stored = entries.flatMap((entry) =>
      entry === null || entry.traineeSupervisorId === null ? [] : [entry],
    );
    const counts = new Map<string, number>();
    for (const month of stored.map((entry) => monthOf(entry.dateOfExperience)).sort()) {
      counts.set(month, (counts.get(month) ?? 0) + 1);
    }
    const count = await repo.insertImportedLogs(tx, ctx.actor.id, logs, ctx.now);
    return { count, months: [...counts].map(([month, n]) => ({ month, count: n })) };
  });
  return {
    imported: imported.count,
    imported_at: ctx.now.toISOString(),
    months: imported.months,
  };
}
