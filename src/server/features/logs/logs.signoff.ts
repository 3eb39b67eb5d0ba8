import { and, asc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { LogStatus } from '../../../shared/logs/log-entry.schema';
import {
  signedMonthMessage,
  signoffCovering,
  type Signoff,
} from '../../../shared/review/month-signoff';
import { monthEnd, monthStart } from '../../../shared/logs/time';
import type { Db } from '../../db/client';
import { experienceLogs, monthSignoffs, users } from '../../db/schema';
import { listForTrainee } from '../supervisors';
import { addHistory } from './logs.history.repository';

/** One structure's month (issue 38): the logs of its records, a record's own or an organization's. */
export type StructureMonth = { traineeId: number; month: string; recordIds: readonly number[] };

export type LiveSignoff = Signoff & { id: number; supervisorUserId: number; signedAt: Date };

/** The trainee's sign-offs not reopened, of `months` (all months without). */
export function listLiveSignoffs(
  db: Db,
  traineeId: number,
  months?: readonly string[],
): Promise<LiveSignoff[]> {
  return db
    .select({
      id: monthSignoffs.id,
      month: monthSignoffs.month,
      traineeSupervisorId: monthSignoffs.traineeSupervisorId,
      supervisorUserId: monthSignoffs.supervisorUserId,
      signedAt: monthSignoffs.signedAt,
      signedBy: users.name,
    })
    .from(monthSignoffs)
    .innerJoin(users, eq(users.id, monthSignoffs.supervisorUserId))
    .where(
      and(
        eq(monthSignoffs.traineeId, traineeId),
        isNull(monthSignoffs.reopenedAt),
        months ? inArray(monthSignoffs.month, [...months]) : undefined,
      ),
    )
    .orderBy(asc(monthSignoffs.id));
}

/** The live sign-off locking a log (its month and record), with the trainee's message; or none. */
export async function signedMonthOf(
  db: Db,
  traineeId: number,
  log: { month: string; traineeSupervisorId: number },
): Promise<{ signoff: LiveSignoff; message: string } | undefined> {
  const signoffs = await listLiveSignoffs(db, traineeId, [log.month]);
  if (signoffs.length === 0) return undefined;
  const records = await listForTrainee(db, traineeId);
  const signoff = signoffCovering(signoffs, records, log);
  return signoff && { signoff, message: signedMonthMessage(signoff, records) };
}

/** Every live log of a structure's month, as the sign-off reads them (any supervisor's, any type). */
export function listStructureLogs(
  db: Db,
  key: StructureMonth,
): Promise<{ id: number; status: LogStatus }[]> {
  return db
    .select({ id: experienceLogs.id, status: experienceLogs.status })
    .from(experienceLogs)
    .where(
      and(
        eq(experienceLogs.traineeId, key.traineeId),
        inArray(experienceLogs.traineeSupervisorId, [...key.recordIds]),
        isNull(experienceLogs.deletedAt),
        gte(experienceLogs.dateOfExperience, monthStart(key.month)),
        lte(experienceLogs.dateOfExperience, monthEnd(key.month)),
      ),
    )
    .orderBy(asc(experienceLogs.dateOfExperience), asc(experienceLogs.id));
}

/**
 * The caller has checked that every log of the structure's month is approved. Two acts sign a
 * month off (issue 36): "Sign off month", and the supervisor's signature on the month's M-FVF:
 * one idea of a signed month, for one structure (`traineeSupervisorId`, the signer's record).
 */
export async function signOffMonth(
  db: Db,
  values: StructureMonth & { traineeSupervisorId: number; supervisorUserId: number; now: Date },
): Promise<void> {
  await db.insert(monthSignoffs).values({
    traineeId: values.traineeId,
    supervisorUserId: values.supervisorUserId,
    traineeSupervisorId: values.traineeSupervisorId,
    month: values.month,
    signedAt: values.now,
  });
  for (const log of await listStructureLogs(db, values)) {
    await addHistory(db, {
      logId: log.id,
      actorId: values.supervisorUserId,
      action: 'approve',
      changes: { month_signed_off: { old: null, new: values.month } },
      now: values.now,
    });
  }
}
