import { eq } from 'drizzle-orm';
import { addDays } from '../shared/logs/time';
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

/** The zones where a day begins last (UTC−12; POSIX writes the sign backwards) and first (UTC+14). */
const LAST_DAY_ZONE = 'Etc/GMT+12';
const FIRST_DAY_ZONE = 'Pacific/Kiritimati';

/**
 * Every date it is somewhere on Earth at `now`, oldest first: two, or three around 11:00 UTC.
 * A job that acts on each person's own day (a reminder on their deadline's tenth day before)
 * looks at these, then keeps the people whose today each one is.
 */
export function datesOnEarth(now: Date): string[] {
  const last = todayIn(now, FIRST_DAY_ZONE);
  const dates = [todayIn(now, LAST_DAY_ZONE)];
  for (let date = dates[0]!; date < last;) {
    date = addDays(date, 1);
    dates.push(date);
  }
  return dates;
}
