import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fieldworkPlans } from '../../db/schema';

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
