import { and, eq, isNull, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { experienceLogs, fieldworkPlans } from '../../db/schema';

export type PlanSettingsRow = typeof fieldworkPlans.$inferSelect;

/** The trainee's stored plan inputs, if they saved any. */
export async function findSettings(
  db: Db,
  traineeId: number,
): Promise<PlanSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(fieldworkPlans)
    .where(eq(fieldworkPlans.traineeId, traineeId));
  return row;
}

/** Stores the trainee's plan inputs (their own row only), replacing earlier ones. */
export async function saveSettings(
  db: Db,
  traineeId: number,
  settings: { targetDate: string; fieldworkTypes: number[] },
  now: Date,
): Promise<void> {
  await db
    .insert(fieldworkPlans)
    .values({ traineeId, ...settings, updatedAt: now })
    .onConflictDoUpdate({
      target: fieldworkPlans.traineeId,
      set: { ...settings, updatedAt: now },
    });
}

/** The date of the trainee's first live log, where the time limit starts; null with none. */
export async function firstFieldworkDate(db: Db, traineeId: number): Promise<string | null> {
  const [row] = await db
    .select({ first: min(experienceLogs.dateOfExperience) })
    .from(experienceLogs)
    .where(and(eq(experienceLogs.traineeId, traineeId), isNull(experienceLogs.deletedAt)));
  return row?.first ?? null;
}
