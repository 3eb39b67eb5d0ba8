import { AppError, fieldErrorsOf, type FieldErrors } from '../../../shared/errors';
import {
  recoverySince,
  type ExperienceLog,
  type LogHistoryEntry,
  type LogListQuery,
} from '../../../shared/logs/experience-log.schema';
import {
  makeLogEntrySchema,
  type LogEntryInput,
  type LogEntryWire,
} from '../../../shared/logs/log-entry.schema';
import { LOG_MESSAGES } from '../../../shared/logs/log-messages';
import { overlapMessage } from '../../../shared/logs/log-overlap';
import { signedMonthMessage, signoffCovering } from '../../../shared/review/month-signoff';
import { monthOf } from '../../../shared/logs/time';
import { SUPERVISION_CONTACTS } from '../../../shared/logs/rule-sets';
import { SETTINGS } from '../../../shared/reference/lookups';
import { findTask } from '../../../shared/reference/task-lists';
import { toPage, type Page } from '../../../shared/wire/pagination';
import type { MailMessage } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import * as supervisorsRepo from '../supervisors';
import { listPage, type PageFilters, type Scope } from './logs.page.repository';
import { signedMonthOf } from './logs.signoff';
import * as repo from './logs.repository';
import { digestOf, findByIdempotencyKey, KEY_REUSED } from './logs.idempotency';
import { storedType, typeConflictJudge } from './logs.fieldwork-type';
import { diffSnapshots, snapshotOf, toExperienceLog, toHistoryEntry } from './logs.wire';
import { pauseAt } from '../../plugins/pause-points';
import { todayOf, type Zoned } from '../../clock';

type Context = { db: Db; actor: Actor; now: Date };
/** A supervisor named inline is asked by mail (issue 36), sent once the write commits. */
type WriteContext = Context & { mail: supervisorsRepo.LinkMail; owedMails: MailMessage[] };

const NEW_TASKS_V6 = 'New entries must use tasks from the 6th Edition Test Content Outline.';
const APPROVED_LOCKED =
  'This log is approved, so it is locked. Ask your supervisor to reopen it if it needs a change.';

/** By the day they check against: a few days are in use at once. */
const entrySchemas = new Map<string, ReturnType<typeof makeLogEntrySchema>>();

/** Without a zone, counts in UTC with a day of slack (makeLogEntrySchema). */
export function entrySchemaFor(now: Date, trainee: Zoned): ReturnType<typeof makeLogEntrySchema> {
  const today = todayOf(trainee, now);
  const isOwnDay = trainee.timeZone !== null;
  const key = `${today}:${isOwnDay}`;
  let schema = entrySchemas.get(key);
  if (!schema) {
    // Built once a day per kind rather than on every write; yesterday's go.
    if (entrySchemas.size >= 8) entrySchemas.clear();
    schema = makeLogEntrySchema({ today, isOwnDay });
    entrySchemas.set(key, schema);
  }
  return schema;
}

function parseEntry(wire: LogEntryWire, now: Date, trainee: Zoned): LogEntryInput {
  const parsed = entrySchemaFor(now, trainee).safeParse(wire);
  if (parsed.success) return parsed.data;
  throw new AppError('VALIDATION', 'Invalid log', fieldErrorsOf(parsed.error));
}

export const NOT_OWN_SUPERVISOR = 'Choose one of your supervisors';
export const FORMER_SUPERVISOR =
  "You ended this supervisor's access: choose one of your current supervisors.";

export type EntryFacts = {
  /** True when a new one is added. */
  isOwnRecord: boolean;
  isEndedRecord?: boolean | undefined;
  overlapping: Pick<repo.LogRow, 'dateOfExperience' | 'startMinute' | 'endMinute'> | null;
  /** The 5th-edition task ids an edited legacy log may keep. */
  allowedLegacyTaskIds?: readonly string[] | undefined;
  /** Handbook "Number of Hours by Fieldwork Type": the month's structure holds the other type. */
  typeConflict?: string | null | undefined;
};

/** Shared by the log form and the import; a signed month is the caller's to refuse. */
export function entryErrors(entry: LogEntryInput, facts: EntryFacts): FieldErrors {
  const errors: FieldErrors = {};
  if (!SETTINGS.some((setting) => setting.id === entry.settingId))
    errors.setting = [LOG_MESSAGES.unknownSetting];
  if (
    entry.supervisionContactId !== null &&
    !SUPERVISION_CONTACTS.some((contact) => contact.id === entry.supervisionContactId)
  ) {
    errors.supervision_contact = [LOG_MESSAGES.unknownSupervisionContact];
  }
  // New entries use 6th-edition tasks only; a legacy log keeps the 5th-edition ids it had.
  const badTask = entry.taskIds.find(
    (id) => findTask(id)?.version !== 'v6' && !(facts.allowedLegacyTaskIds ?? []).includes(id),
  );
  if (badTask !== undefined) errors.task = [NEW_TASKS_V6];
  if (!facts.isOwnRecord) errors.supervisor = [NOT_OWN_SUPERVISOR];
  else if (facts.isEndedRecord) errors.supervisor = [FORMER_SUPERVISOR];
  const { overlapping } = facts;
  if (overlapping) {
    errors.time_of_expereince_start = [
      overlapMessage({
        date: overlapping.dateOfExperience,
        startMinutes: overlapping.startMinute,
        endMinutes: overlapping.endMinute,
      }),
    ];
  }
  if (facts.typeConflict) errors.expereince_type = [facts.typeConflict];
  return errors;
}

export function valuesOf(entry: LogEntryInput, traineeSupervisorId: number): repo.LogValues {
  return {
    traineeSupervisorId,
    experienceTypeId: entry.experienceTypeId,
    settingId: entry.settingId,
    dateOfExperience: entry.dateOfExperience,
    startMinute: entry.startMinute,
    endMinute: entry.endMinute,
    experienceMinutes: entry.experienceMinutes,
    unrestrictedMinutes: entry.unrestrictedMinutes,
    restrictedMinutes: entry.restrictedMinutes,
    individualOrGroup: entry.individualOrGroup,
    methodOfSupervision: entry.methodOfSupervision,
    supervisionStartMinute: entry.supervisionStartMinute,
    supervisionEndMinute: entry.supervisionEndMinute,
    supervisedMinutes: entry.supervisedMinutes,
    independentMinutes: entry.independentMinutes,
    clientObservation: entry.clientObservation,
    observationMinutes: entry.observationMinutes,
    supervisionContactId: entry.supervisionContactId,
    experienceNote: entry.experienceNote,
  };
}

const MADE_EARLIER = Symbol('made earlier');

/**
 * MADE_EARLIER is answered before any other check: the earlier log overlaps this entry.
 * `current`: an edited log as it is, since a log may not leave a signed structure-month either.
 */
type ResolveOptions = {
  logId?: number;
  allowedLegacyTaskIds?: readonly string[];
  current?: StructureLog;
  idempotency?: { key: string; digest: string } | undefined;
};
type StructureLog = { month: string; traineeSupervisorId: number };
async function resolveEntry(
  ctx: WriteContext,
  entry: LogEntryInput,
  options: ResolveOptions & { idempotency?: undefined },
): Promise<repo.LogValues>;
async function resolveEntry(
  ctx: WriteContext,
  entry: LogEntryInput,
  options: ResolveOptions,
): Promise<repo.LogValues | typeof MADE_EARLIER>;
async function resolveEntry(
  ctx: WriteContext,
  entry: LogEntryInput,
  options: ResolveOptions,
): Promise<repo.LogValues | typeof MADE_EARLIER> {
  const { db, actor } = ctx;
  const namesRecord = entry.newSupervisor === null && entry.traineeSupervisorId !== null;
  const month = monthOf(entry.dateOfExperience);
  const checks = await repo.preflight(db, actor.id, {
    months: [month, options.current?.month],
    recordId: namesRecord ? entry.traineeSupervisorId : null,
    date: entry.dateOfExperience,
    startMinute: entry.startMinute,
    endMinute: entry.endMinute,
    excludeId: options.logId,
    idempotencyKey: options.idempotency?.key,
  });
  if (checks.earlierDigest !== null) {
    if (checks.earlierDigest !== options.idempotency?.digest)
      throw new AppError('CONFLICT', KEY_REUSED);
    return MADE_EARLIER;
  }
  // Issue 38: a log of a signed structure-month stays, and none moves into one.
  const assertOpen = (log: StructureLog) => {
    const signoff = signoffCovering(checks.signoffs, checks.records, log);
    if (signoff) throw new AppError('CONFLICT', signedMonthMessage(signoff, checks.records));
  };
  if (options.current) assertOpen(options.current);
  if (namesRecord && entry.traineeSupervisorId !== null)
    assertOpen({ month, traineeSupervisorId: entry.traineeSupervisorId });
  const typeConflict = (recordId: number | null) =>
    typeConflictJudge(checks.records)(
      { date: entry.dateOfExperience, experienceTypeId: entry.experienceTypeId },
      recordId,
      checks.monthTypes,
    );
  const errors = entryErrors(entry, {
    isOwnRecord: !namesRecord || checks.isOwnRecord,
    isEndedRecord: namesRecord && checks.isEndedRecord,
    overlapping: checks.overlapping,
    allowedLegacyTaskIds: options.allowedLegacyTaskIds,
    typeConflict: namesRecord ? typeConflict(entry.traineeSupervisorId) : null,
  });
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION', 'Invalid log', errors);

  let traineeSupervisorId = entry.traineeSupervisorId;
  if (entry.newSupervisor !== null) {
    traineeSupervisorId = await addOrReuseSupervisor(ctx, entry.newSupervisor);
    // One already listed may be reused: its month may be signed, or hold the other type (the
    // caller's transaction undoes).
    assertOpen({ month, traineeSupervisorId });
    const conflict = typeConflict(traineeSupervisorId);
    if (conflict) throw AppError.field('expereince_type', conflict);
  }
  if (traineeSupervisorId === null) throw AppError.field('supervisor', LOG_MESSAGES.required);
  return valuesOf(entry, traineeSupervisorId);
}

async function addOrReuseSupervisor(
  ctx: WriteContext,
  input: { name: string; email: string },
): Promise<number> {
  const { db, actor } = ctx;
  if (input.email === actor.email) {
    throw AppError.field('newSupervisorEmail', LOG_MESSAGES.selfAsSupervisor);
  }
  const listed = async () =>
    (await supervisorsRepo.listForTrainee(db, actor.id)).find((row) => row.email === input.email);
  // One already listed is reused before any lookup: it tells nothing, so it costs no attempt.
  const existing = (await listed()) ?? (await addSupervisorRecord(ctx, input, listed));
  if (existing.accessEndedAt) throw AppError.field('newSupervisorEmail', FORMER_SUPERVISOR);
  return existing.id;
}

async function addSupervisorRecord(
  ctx: WriteContext,
  input: { name: string; email: string },
  listed: () => Promise<supervisorsRepo.TraineeSupervisorRow | undefined>,
): Promise<supervisorsRepo.TraineeSupervisorRow> {
  const created = await supervisorsRepo.listSupervisor(ctx, { ...input, lastname: '' });
  if (created?.mail) ctx.owedMails.push(created.mail);
  const row = created?.row ?? (await listed());
  if (!row) throw AppError.field('newSupervisorEmail', 'Could not add this supervisor');
  return row;
}

async function assertLogOpen(db: Db, traineeId: number, log: repo.LogRecord): Promise<void> {
  const signed = await signedMonthOf(db, traineeId, {
    month: monthOf(log.dateOfExperience),
    traineeSupervisorId: log.traineeSupervisorId,
  });
  if (signed) throw new AppError('CONFLICT', signed.message);
}

async function loadOwnLog(ctx: Context, id: number): Promise<repo.LogRecord> {
  const log = await repo.findForTrainee(ctx.db, ctx.actor.id, id);
  if (!log) throw new AppError('NOT_FOUND', 'Log not found');
  return log;
}

/** A used idempotency key (decision 023) answers before any check: the retry overlaps its log. */
export async function createLog(
  ctx: Context & {
    mail: supervisorsRepo.LinkMail;
    wire: LogEntryWire;
    idempotencyKey?: string | undefined;
  },
): Promise<{ log: ExperienceLog; replayed: boolean }> {
  const owedMails: MailMessage[] = [];
  const entry = parseEntry(ctx.wire, ctx.now, ctx.actor);
  const key = ctx.idempotencyKey;
  const idempotency = key === undefined ? undefined : { key, digest: digestOf(entry) };
  const replay = async () => {
    if (!idempotency) return undefined;
    const earlier = await findByIdempotencyKey(ctx.db, ctx.actor.id, idempotency.key);
    if (!earlier) return undefined;
    if (earlier.idempotencyDigest !== idempotency.digest)
      throw new AppError('CONFLICT', KEY_REUSED);
    return { log: toExperienceLog(earlier), replayed: true };
  };
  const write = async (db: Db) => {
    const values = await resolveEntry({ ...ctx, db, owedMails }, entry, { idempotency });
    if (values === MADE_EARLIER) return undefined;
    const changes = diffSnapshots(null, snapshotOf(values, entry.taskIds));
    const entryToWrite = { values, taskIds: entry.taskIds, changes, idempotency };
    return repo.insertLogRecord(db, ctx.actor.id, entryToWrite, ctx.now);
  };
  try {
    const record =
      entry.newSupervisor === null ? await write(ctx.db) : await ctx.db.transaction(write);
    // No row: the key made a log earlier, or a concurrent request with it wrote it first.
    if (record) {
      await sendOwed(ctx, owedMails);
      return { log: toExperienceLog(record), replayed: false };
    }
  } catch (error) {
    // A concurrent request with the same key may have written it first: its log overlaps ours.
    const concurrent = error instanceof AppError ? await replay() : undefined;
    if (concurrent) return concurrent;
    throw error;
  }
  const written = await replay();
  if (!written) throw new Error('insert returned no row');
  return written;
}

/** An approved log is locked until the supervisor reopens it. */
export async function updateLog(
  ctx: Context & { mail: supervisorsRepo.LinkMail; id: number; wire: LogEntryWire },
): Promise<ExperienceLog> {
  const owedMails: MailMessage[] = [];
  const current = await loadOwnLog(ctx, ctx.id);
  if (current.status === 'approved') throw new AppError('CONFLICT', APPROVED_LOCKED);
  const entry = parseEntry(ctx.wire, ctx.now, ctx.actor);
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx, owedMails };
    const values = await resolveEntry(txCtx, entry, {
      logId: ctx.id,
      allowedLegacyTaskIds: current.taskIds,
      current: {
        month: monthOf(current.dateOfExperience),
        traineeSupervisorId: current.traineeSupervisorId,
      },
    });
    if (!(await repo.updateUnapprovedLog(tx, ctx.actor.id, ctx.id, values, ctx.now))) {
      throw new AppError('CONFLICT', APPROVED_LOCKED);
    }
    await pauseAt('update-log:before-tasks');
    await repo.replaceTasks(tx, ctx.id, entry.taskIds);
    const changes = diffSnapshots(
      snapshotOf(current, current.taskIds),
      snapshotOf(values, entry.taskIds),
    );
    if (current.status === 'flagged') changes.status = { old: 'flagged', new: 'pending' };
    await repo.addHistory(tx, {
      logId: ctx.id,
      actorId: ctx.actor.id,
      action: current.status === 'flagged' ? 'resubmit' : 'update',
      changes,
      now: ctx.now,
    });
  });
  await sendOwed(ctx, owedMails);
  return toExperienceLog(await loadOwnLog(ctx, ctx.id));
}

async function sendOwed(ctx: Context & { mail: supervisorsRepo.LinkMail }, mails: MailMessage[]) {
  for (const message of mails) await ctx.mail.mailer.send(ctx.db, message);
}

/** Recoverable for 30 days, and kept for audits. */
export async function deleteLog(ctx: Context & { id: number }): Promise<void> {
  const current = await loadOwnLog(ctx, ctx.id);
  if (current.status === 'approved') throw new AppError('CONFLICT', APPROVED_LOCKED);
  await assertLogOpen(ctx.db, ctx.actor.id, current);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.softDelete(tx, ctx.actor.id, ctx.id, ctx.now))) {
      throw new AppError('CONFLICT', APPROVED_LOCKED);
    }
    await repo.addHistory(tx, {
      logId: ctx.id,
      actorId: ctx.actor.id,
      action: 'delete',
      changes: {},
      now: ctx.now,
    });
  });
}

/** A restored log is a new pending entry, so a signed month, an overlap or the other type refuses it. */
export async function restoreLog(ctx: Context & { id: number }): Promise<ExperienceLog> {
  const deleted = await repo.findForTrainee(ctx.db, ctx.actor.id, ctx.id, { includeDeleted: true });
  const since = recoverySince(ctx.now);
  if (!deleted?.deletedAt || deleted.deletedAt <= since)
    throw new AppError('NOT_FOUND', 'Deleted log not found');
  await ctx.db.transaction(async (tx) => {
    const checks = await repo.preflight(tx, ctx.actor.id, {
      months: [monthOf(deleted.dateOfExperience)],
      recordId: deleted.traineeSupervisorId,
      date: deleted.dateOfExperience,
      startMinute: deleted.startMinute,
      endMinute: deleted.endMinute,
      excludeId: deleted.id,
    });
    const signoff = signoffCovering(checks.signoffs, checks.records, {
      month: monthOf(deleted.dateOfExperience),
      traineeSupervisorId: deleted.traineeSupervisorId,
    });
    if (signoff) throw new AppError('CONFLICT', signedMonthMessage(signoff, checks.records));
    const { overlapping } = checks;
    if (overlapping) {
      throw new AppError(
        'CONFLICT',
        overlapMessage({
          date: overlapping.dateOfExperience,
          startMinutes: overlapping.startMinute,
          endMinutes: overlapping.endMinute,
        }),
      );
    }
    const conflict = typeConflictJudge(checks.records)(
      { date: deleted.dateOfExperience, experienceTypeId: storedType(deleted.experienceTypeId) },
      deleted.traineeSupervisorId,
      checks.monthTypes,
    );
    if (conflict) throw new AppError('CONFLICT', conflict);
    if (!(await repo.restore(tx, ctx.actor.id, ctx.id, since)))
      throw new AppError('NOT_FOUND', 'Deleted log not found');
    await repo.addHistory(tx, {
      logId: ctx.id,
      actorId: ctx.actor.id,
      action: 'restore',
      changes: {},
      now: ctx.now,
    });
  });
  return toExperienceLog(await loadOwnLog(ctx, ctx.id));
}

/** 404 past the last page. */
export async function pageOfLogs(
  db: Db,
  scope: Scope,
  filters: PageFilters,
  request: { url: string; page: number },
): Promise<Page<ExperienceLog>> {
  const { count, records } = await listPage(db, scope, filters, request.page);
  if (records.length === 0 && request.page > 1) throw new AppError('NOT_FOUND', 'Invalid page.');
  return toPage(request.url, request.page, count, records.map(toExperienceLog));
}

export async function listLogs(
  ctx: Context & { query: LogListQuery; url: string },
): Promise<Page<ExperienceLog>> {
  const { status, month, date_of_experience: date, task, page = 1 } = ctx.query;
  return pageOfLogs(
    ctx.db,
    { traineeId: ctx.actor.id },
    { status, month, date, task },
    { url: ctx.url, page },
  );
}

export async function getLog(ctx: Context & { id: number }): Promise<ExperienceLog> {
  return toExperienceLog(await loadOwnLog(ctx, ctx.id));
}

export async function listDeletedLogs(ctx: Context): Promise<ExperienceLog[]> {
  return (await repo.listDeletedSince(ctx.db, ctx.actor.id, recoverySince(ctx.now))).map(
    toExperienceLog,
  );
}

/** Deleted logs included: the history outlives the log. */
export async function getLogHistory(ctx: Context & { id: number }): Promise<LogHistoryEntry[]> {
  const log = await repo.findForTrainee(ctx.db, ctx.actor.id, ctx.id, { includeDeleted: true });
  if (!log) throw new AppError('NOT_FOUND', 'Log not found');
  return (await repo.listHistory(ctx.db, ctx.id)).map(toHistoryEntry);
}

export async function listSupervisorLogs(
  ctx: Context & { filters: PageFilters; url: string; page: number },
): Promise<Page<ExperienceLog>> {
  return pageOfLogs(ctx.db, { supervisorId: ctx.actor.id }, ctx.filters, ctx);
}

export async function loadSupervisedLog(ctx: Context, logId: number): Promise<repo.LogRecord> {
  const [log] = await repo.listForSupervisor(ctx.db, ctx.actor.id, { ids: [logId] });
  if (!log) throw new AppError('NOT_FOUND', 'Log not found');
  return log;
}

export async function getSupervisorLog(ctx: Context & { logId: number }): Promise<ExperienceLog> {
  return toExperienceLog(await loadSupervisedLog(ctx, ctx.logId));
}

/** The supervisor attests the hours, so they see every change, even before the log reached them. */
export async function getSupervisorLogHistory(
  ctx: Context & { logId: number },
): Promise<LogHistoryEntry[]> {
  const [visible] = await repo.listSupervisedLogIds(ctx.db, ctx.actor.id, { ids: [ctx.logId] });
  if (visible === undefined) throw new AppError('NOT_FOUND', 'Log not found');
  return (await repo.listHistory(ctx.db, visible)).map(toHistoryEntry);
}
