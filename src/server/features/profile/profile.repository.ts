import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** Renames the user. Scoped: callers pass the actor's own id. */
export async function updateName(db: Db, userId: number, name: string): Promise<void> {
  await db.update(users).set({ name }).where(eq(users.id, userId));
}

/** The trainee's form fields (BACB ID, fieldwork state and country); only those given change. */
export async function updateTraineeFields(
  db: Db,
  userId: number,
  values: { bacbId?: string; fieldworkState?: string; fieldworkCountry?: string },
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.update(users).set(values).where(eq(users.id, userId));
}

/** The user's time zone (an IANA name). Scoped: callers pass the actor's own id. */
export async function updateTimeZone(db: Db, userId: number, timeZone: string): Promise<void> {
  await db.update(users).set({ timeZone }).where(eq(users.id, userId));
}
