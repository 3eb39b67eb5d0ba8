import type { Db } from '../../db/client';
import { monthSignoffs } from '../../db/schema';
import { addHistory } from './logs.history.repository';
import { listForSupervisor } from './logs.supervisor.repository';

/**
 * The caller has checked that every log is approved. Two acts sign a month off (issue 36): "Sign
 * off month", and the supervisor's signature on the month's M-FVF: one idea of a signed month.
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
