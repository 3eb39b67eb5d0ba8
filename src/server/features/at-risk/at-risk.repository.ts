import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { atRiskReminders } from '../../db/schema';

/** The unique key decides, so two clicks at once send one mail. */
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

export async function remindedOn(db: Db, supervisorUserId: number, day: string) {
  const rows = await db
    .select({ traineeId: atRiskReminders.traineeId })
    .from(atRiskReminders)
    .where(
      and(eq(atRiskReminders.supervisorUserId, supervisorUserId), eq(atRiskReminders.day, day)),
    );
  return new Set(rows.map((row) => row.traineeId));
}
