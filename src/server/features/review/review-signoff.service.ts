import { AppError } from '../../../shared/errors';
import { monthStateOf, type MonthState } from '../../../shared/review/review.schema';
import {
  formSubjects,
  recordName,
  subjectOf,
  type FormSubject,
} from '../../../shared/supervisors/form-subject';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { voidMonth } from '../forms';
import * as logsRepo from '../logs';
import * as repo from './review-signoff.repository';
import * as supervisorsRepo from '../supervisors';
import { assertLinkedTrainee } from '../supervisors';

type Context = { db: Db; actor: Actor; now: Date };
type Structure = FormSubject<supervisorsRepo.TraineeSupervisorRow>;

export const REOPEN_MESSAGES = {
  othersSignoff:
    'Another supervisor signed this month off: only the supervisor who signed it can reopen it.',
  notSigned: 'This month is not signed off.',
} as const;

/**
 * The structures (issue 38) a supervisor answers for: each holding a record of theirs still open
 * to them. At an organization that is every record at it: BCBA Handbook, "Multiple Supervisors
 * at One Organization": "The supervisors must work together to ensure that all of their
 * trainees' fieldwork requirements are met", so one sign-off by any of them covers all its logs.
 */
function structuresOf(records: supervisorsRepo.TraineeSupervisorRow[], supervisorId: number) {
  return formSubjects(records).filter((subject) => ownRecordIn(subject, supervisorId));
}

const ownRecordIn = (structure: Structure, supervisorId: number) =>
  structure.records.find(
    (record) => record.supervisorUserId === supervisorId && record.accessEndedAt === null,
  );

const structureMonth = (traineeId: number, month: string, structure: Structure) => ({
  traineeId,
  month,
  recordIds: structure.records.map((record) => record.id),
});

/**
 * Each structure's months with logs or a sign-off: counts and whether it is signed. The trainee
 * reads all their structures; a supervisor the ones they answer for.
 */
export async function listMonthStates(ctx: {
  db: Db;
  traineeId: number;
  supervisorId: number | null;
}): Promise<MonthState[]> {
  const [counts, signoffs, records] = await Promise.all([
    repo.monthCounts(ctx.db, ctx.traineeId),
    logsRepo.listLiveSignoffs(ctx.db, ctx.traineeId),
    supervisorsRepo.listForTrainee(ctx.db, ctx.traineeId),
  ]);
  const subjects = formSubjects(records);
  const shown = ctx.supervisorId === null ? subjects : structuresOf(records, ctx.supervisorId);
  const rows = new Map<string, MonthState>();
  const rowOf = (month: string, recordId: number | null) => {
    const subject = recordId === null ? undefined : subjectOf(subjects, recordId);
    const first = subject?.records[0];
    if (!subject || !first || !shown.some((item) => item.key === subject.key)) return undefined;
    const key = `${month}|${subject.key}`;
    const row = rows.get(key) ?? {
      month,
      trainee_supervisor: first.id,
      supervisor_name: recordName(first),
      organization: subject.organization,
      logs: 0,
      approved: 0,
      pending: 0,
      flagged: 0,
      state: 'open' as const,
      signed_at: null,
      signed_by: null,
    };
    rows.set(key, row);
    return row;
  };
  for (const count of counts) {
    const row = rowOf(count.month, count.traineeSupervisorId);
    if (!row) continue;
    row.logs += count.logs;
    row.approved += count.approved;
    row.pending += count.pending;
    row.flagged += count.flagged;
  }
  for (const signoff of signoffs) {
    const row = rowOf(signoff.month, signoff.traineeSupervisorId);
    if (!row || row.signed_at !== null) continue;
    row.signed_at = signoff.signedAt.toISOString();
    row.signed_by = signoff.signedBy;
  }
  return [...rows.values()]
    .map((row) => ({ ...row, state: monthStateOf(row, row.signed_at !== null) }))
    .sort(
      (a, b) =>
        b.month.localeCompare(a.month) ||
        (a.organization || a.supervisor_name).localeCompare(b.organization || b.supervisor_name) ||
        a.trainee_supervisor - b.trainee_supervisor,
    );
}

function waitingMessage(waiting: number, structure: Structure): string {
  const logs = `${waiting} log${waiting === 1 ? '' : 's'}`;
  const verb = waiting === 1 ? 'is' : 'are';
  if (structure.organization === '')
    return `${logs} ${verb} not approved yet: approve every log of the month before signing it.`;
  return `${logs} at ${structure.organization} ${verb} not approved yet: every log of the organization's month is approved before it is signed off.`;
}

/**
 * Signs off the supervisor's structure's month when every log of it is approved (another
 * structure's logs do not count); those logs are then locked.
 */
export async function signMonth(
  ctx: Context & { traineeId: number; month: string },
): Promise<void> {
  await assertLinkedTrainee(ctx, ctx.traineeId);
  await ctx.db.transaction(async (tx) => {
    const records = await supervisorsRepo.listForTrainee(tx, ctx.traineeId);
    const signoffs = await logsRepo.listLiveSignoffs(tx, ctx.traineeId, [ctx.month]);
    const toSign: Structure[] = [];
    let signedBefore: logsRepo.LiveSignoff | undefined;
    for (const structure of structuresOf(records, ctx.actor.id)) {
      const logs = await logsRepo.listStructureLogs(
        tx,
        structureMonth(ctx.traineeId, ctx.month, structure),
      );
      if (logs.length === 0) continue;
      const signed = signoffs.find((signoff) =>
        structure.records.some((record) => record.id === signoff.traineeSupervisorId),
      );
      if (signed) {
        signedBefore ??= signed;
        continue;
      }
      const waiting = logs.filter((log) => log.status !== 'approved').length;
      if (waiting > 0) throw new AppError('CONFLICT', waitingMessage(waiting, structure));
      toSign.push(structure);
    }
    if (toSign.length === 0 && signedBefore) {
      throw new AppError(
        'CONFLICT',
        signedBefore.supervisorUserId === ctx.actor.id
          ? 'You already signed this month off.'
          : `${signedBefore.signedBy} already signed this month off.`,
      );
    }
    if (toSign.length === 0)
      throw new AppError('CONFLICT', 'There are no logs to sign in this month.');
    for (const structure of toSign) {
      const own = ownRecordIn(structure, ctx.actor.id);
      if (!own) continue;
      await logsRepo.signOffMonth(tx, {
        ...structureMonth(ctx.traineeId, ctx.month, structure),
        traineeSupervisorId: own.id,
        supervisorUserId: ctx.actor.id,
        now: ctx.now,
      });
    }
  });
}

/**
 * Reopens the sign-off of the supervisor's structure (recorded in the history of its logs):
 * another structure's supervisor is refused, and another structure's sign-off stands. The
 * structure's official forms covering the month, signed or not, in the app or on paper, are
 * voided: they show figures the logs may no longer have (decision 012; the voided rows and PDFs
 * stay as history, and new forms are filled and signed). Other structures' forms stand.
 */
export async function reopenMonth(
  ctx: Context & { traineeId: number; month: string },
): Promise<void> {
  await assertLinkedTrainee(ctx, ctx.traineeId);
  await ctx.db.transaction(async (tx) => {
    const records = await supervisorsRepo.listForTrainee(tx, ctx.traineeId);
    const signoffs = (await logsRepo.listLiveSignoffs(tx, ctx.traineeId, [ctx.month])).filter(
      (signoff) => signoff.traineeSupervisorId !== null,
    );
    const coveredBy = (structure: Structure) =>
      signoffs.filter((signoff) =>
        structure.records.some((record) => record.id === signoff.traineeSupervisorId),
      );
    const structures = structuresOf(records, ctx.actor.id).filter(
      (structure) => coveredBy(structure).length > 0,
    );
    const ids = structures.flatMap((structure) => coveredBy(structure).map(({ id }) => id));
    if (ids.length === 0 && signoffs.length > 0)
      throw new AppError('FORBIDDEN', REOPEN_MESSAGES.othersSignoff);
    if ((await repo.reopenSignoffs(tx, ids, ctx.actor.id, ctx.now)) === 0)
      throw new AppError('CONFLICT', REOPEN_MESSAGES.notSigned);
    for (const structure of structures) {
      const key = structureMonth(ctx.traineeId, ctx.month, structure);
      await voidMonth(tx, { ...key, by: ctx.actor.id, now: ctx.now });
      for (const log of await logsRepo.listStructureLogs(tx, key)) {
        await logsRepo.addHistory(tx, {
          logId: log.id,
          actorId: ctx.actor.id,
          action: 'reopen',
          changes: { month_signed_off: { old: ctx.month, new: null } },
          now: ctx.now,
        });
      }
    }
  });
}
