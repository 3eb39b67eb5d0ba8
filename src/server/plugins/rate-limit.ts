import { sql } from 'drizzle-orm';
import { AppError } from '../../shared/errors';
import type { Db } from '../db/client';
import { rateLimitBuckets } from '../db/schema';

export type RateLimit = { limit: number; windowSeconds: number };

/** The limits on the account routes (per client address and per email) and on uploads. */
export const RATE_LIMITS = {
  login: { limit: 20, windowSeconds: 15 * 60 },
  loginPerEmail: { limit: 10, windowSeconds: 15 * 60 },
  signup: { limit: 10, windowSeconds: 60 * 60 },
  verify: { limit: 20, windowSeconds: 15 * 60 },
  sendCode: { limit: 5, windowSeconds: 15 * 60 },
  reset: { limit: 20, windowSeconds: 15 * 60 },
  /** Signed upload links for profile pictures, per user: each link can store up to 20 MB. */
  pictureUpload: { limit: 20, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimit>;

/**
 * Counts one hit against `key` in a fixed window and throws 429 past the limit. Kept in the
 * database so that every app instance shares the count.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  { limit, windowSeconds }: RateLimit,
  now: Date,
): Promise<void> {
  const windowStart = new Date(
    Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000,
  );
  const [row] = await db
    .insert(rateLimitBuckets)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        hits: sql`case when ${rateLimitBuckets.windowStart} = ${windowStart.toISOString()}::timestamptz then ${rateLimitBuckets.hits} + 1 else 1 end`,
        windowStart,
      },
    })
    .returning({ hits: rateLimitBuckets.hits });
  if (row && row.hits > limit) {
    const retryIn = Math.ceil(
      (windowStart.getTime() + windowSeconds * 1000 - now.getTime()) / 60000,
    );
    throw new AppError(
      'RATE_LIMITED',
      `Too many attempts. Please try again in ${retryIn} minute${retryIn === 1 ? '' : 's'}.`,
    );
  }
}
