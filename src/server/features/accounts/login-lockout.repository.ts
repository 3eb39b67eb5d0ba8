import { and, gt, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginThrottles } from '../../db/schema';
import { FAILURE_MEMORY_MS, lockDurationMs, type LockoutRule } from './login-lockout';

export async function lockedUntil(db: Db, keys: string[], now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ until: max(loginThrottles.lockedUntil) })
    .from(loginThrottles)
    .where(and(inArray(loginThrottles.key, keys), gt(loginThrottles.lockedUntil, now)));
  return row?.until ?? null;
}

/** Counted in the database so every instance adds to one count. Returns whether a lock started. */
export async function recordFailure(
  db: Db,
  key: string,
  rule: LockoutRule,
  now: Date,
): Promise<boolean> {
  const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_MS).toISOString();
  const [row] = await db
    .insert(loginThrottles)
    .values({ key, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures: sql`case when ${loginThrottles.lastFailureAt} < ${forgetBefore}::timestamptz then 1 else ${loginThrottles.failures} + 1 end`,
        lastFailureAt: now,
      },
    })
    .returning({ failures: loginThrottles.failures });
  const lockMs = lockDurationMs(row?.failures ?? 1, rule);
  if (lockMs === 0) return false;
  const until = new Date(now.getTime() + lockMs).toISOString();
  await db
    .update(loginThrottles)
    .set({ lockedUntil: sql`greatest(${loginThrottles.lockedUntil}, ${until}::timestamptz)` })
    .where(sql`${loginThrottles.key} = ${key}`);
  return true;
}

export async function clearKeys(db: Db, keys: string[]): Promise<void> {
  await db.delete(loginThrottles).where(inArray(loginThrottles.key, keys));
}

/** Forgets every key that starts with `prefix` (a password reset clears the account's pairs). */
export async function clearKeysStartingWith(db: Db, prefix: string): Promise<void> {
  await db
    .delete(loginThrottles)
    .where(sql`left(${loginThrottles.key}, ${prefix.length}) = ${prefix}`);
}
