import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { atRiskReminders } from '../../db/schema';

/**
 * Records a supervisor's reminder to a trainee for `day`: true for the first of the day, false
 * when one is already on record (the unique key decides, so two clicks at once send one mail).
 */
export async function claimReminder(
  db: Db,
  values: { supervisorUserId: number; traineeId: number; day: string; sentAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(atRiskReminders)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: atRiskReminders.id });
  return rows.length === 1;
}

/** The trainees the supervisor reminded on `day`. */
export async function remindedOn(db: Db, supervisorUserId: number, day: string) {
  const rows = await db
    .select({ traineeId: atRiskReminders.traineeId })
    .from(atRiskReminders)
    .where(
      and(eq(atRiskReminders.supervisorUserId, supervisorUserId), eq(atRiskReminders.day, day)),
    );
  return new Set(rows.map((row) => row.traineeId));
}
