import { eq } from 'drizzle-orm';
import { addDays } from '../shared/logs/time';
import { todayIn } from '../shared/logs/time-zone';
import type { Db } from './db/client';
import { users } from './db/schema';

/* A record's today is its trainee's, in their zone (issue 36); UTC without one. */

export type Zoned = { timeZone: string | null };

export function todayOf(person: Zoned, now: Date): string {
  return todayIn(now, person.timeZone);
}

export async function storedTimeZone(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.timeZone ?? null;
}

/** The actor carries their own zone, so their own record needs no query. */
export async function traineeToday(
  db: Db,
  traineeId: number,
  now: Date,
  asker?: Zoned & { id: number },
): Promise<string> {
  if (asker?.id === traineeId) return todayOf(asker, now);
  return todayIn(now, await storedTimeZone(db, traineeId));
}

/** UTC−12 (POSIX writes the sign backwards) and UTC+14. */
const LAST_DAY_ZONE = 'Etc/GMT+12';
const FIRST_DAY_ZONE = 'Pacific/Kiritimati';

/** For jobs acting on each person's own day: two dates, or three around 11:00 UTC. */
export function datesOnEarth(now: Date): string[] {
  const last = todayIn(now, FIRST_DAY_ZONE);
  const dates = [todayIn(now, LAST_DAY_ZONE)];
  for (let date = dates[0]!; date < last;) {
    date = addDays(date, 1);
    dates.push(date);
  }
  return dates;
}
