import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { supervisorProfiles, users } from '../../db/schema';

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

/** The trainee's pathway and first class (issue 39 part 4); only those given change. */
export async function updateStartFields(
  db: Db,
  userId: number,
  values: { pathway?: number | null; firstClassOn?: string | null },
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.update(users).set(values).where(eq(users.id, userId));
}

export type QualificationValues = Partial<{
  certifiedOn: string | null;
  trainingCompletedOn: string | null;
  consultingSupervisorName: string;
  consultingSupervisorBacbId: string;
}>;

/** The supervisor's qualification fields (issue 39 part 3); the profile row exists already. */
export async function updateQualificationFields(
  db: Db,
  userId: number,
  values: QualificationValues,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.update(supervisorProfiles).set(values).where(eq(supervisorProfiles.userId, userId));
}

/** What the start-of-fieldwork fields hold now, for a partial update to complete. */
export async function findStartFields(
  db: Db,
  userId: number,
): Promise<{ pathway: number | null; firstClassOn: string | null } | undefined> {
  const [row] = await db
    .select({ pathway: users.pathway, firstClassOn: users.firstClassOn })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
