import { eq } from 'drizzle-orm';
import { todayIn } from '../shared/logs/time-zone';
import type { Db } from './db/client';
import { users } from './db/schema';

/*
 * Whose day a date is counted in (issue 36): a record's today is its trainee's, where they live
 * (their stored zone; UTC for an account without one). A supervisor looking at a trainee sees
 * the trainee's deadlines; a job mails each recipient on their own day. The instant comes from
 * the app's clock (deps.now), the zone from the person.
 */

/** Someone whose zone is at hand: the signed-in actor, or a row read with its zone. */
export type Zoned = { timeZone: string | null };

/** That person's today ('YYYY-MM-DD') at `now`. */
export function todayOf(person: Zoned, now: Date): string {
  return todayIn(now, person.timeZone);
}

/** A user's stored zone; null for none (or no such user), which counts in UTC. */
export async function storedTimeZone(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.timeZone ?? null;
}

/**
 * A trainee's today, whoever asks about their record: the asker's own zone when the record is
 * theirs (the actor carries it, so no query), else the trainee's stored zone.
 */
export async function traineeToday(
  db: Db,
  traineeId: number,
  now: Date,
  asker?: Zoned & { id: number },
): Promise<string> {
  if (asker?.id === traineeId) return todayOf(asker, now);
  return todayIn(now, await storedTimeZone(db, traineeId));
}
