import type { Db } from '../../db/client';
import { monthSignoffs } from '../../db/schema';
import { addHistory } from './logs.history.repository';
import { listForSupervisor } from './logs.supervisor.repository';

/**
 * Signs a trainee's month off for a supervisor, in the caller's transaction: the sign-off row
 * (the month is then locked for the trainee's changes), and an entry in the history of each of
 * the supervisor's logs of the month. The caller has checked that every one is approved. Two
 * acts sign a month off (issue 36): the supervisor's "Sign off month", and their signature on
 * the month's M-FVF (in the app, or a paper form they confirm), one idea of a signed month.
 */
export async function signOffMonth(
  db: Db,
  values: { traineeId: number; supervisorUserId: number; month: string; now: Date },
): Promise<void> {
  await db.insert(monthSignoffs).values({
    traineeId: values.traineeId,
    supervisorUserId: values.supervisorUserId,
    month: values.month,
    signedAt: values.now,
  });
  const logs = await listForSupervisor(db, values.supervisorUserId, {
    traineeId: values.traineeId,
    month: values.month,
  });
  for (const log of logs) {
    await addHistory(db, {
      logId: log.id,
      actorId: values.supervisorUserId,
      action: 'approve',
      changes: { month_signed_off: { old: null, new: values.month } },
      now: values.now,
    });
  }
}
