import { sql } from 'drizzle-orm';
import { isIPv4, isIPv6 } from 'node:net';
import { AppError } from '../../shared/errors';
import type { Db } from '../db/client';
import { rateLimitBuckets } from '../db/schema';

/** `refusal` is read before "Please try again in N minutes.". */
export type RateLimit = { limit: number; windowSeconds: number; refusal?: string };

export const RATE_LIMITS = {
  /** Failures also lock (decision 018). */
  login: { limit: 20, windowSeconds: 15 * 60 },
  signup: { limit: 10, windowSeconds: 60 * 60 },
  verify: { limit: 20, windowSeconds: 15 * 60 },
  /** Per account, any address: a six-digit code then takes ~11 years to guess (issue 27). */
  codeChecksPerAccount: { limit: 10, windowSeconds: 60 * 60 },
  sendCode: { limit: 5, windowSeconds: 15 * 60 },
  reset: { limit: 20, windowSeconds: 15 * 60 },
  /** Counted before any argon2id, which shares threads with sign-ins (issue 36). */
  sessionPasswords: {
    limit: 10,
    windowSeconds: 15 * 60,
    refusal: 'Too many password changes from this session.',
  },
  pictureUpload: { limit: 20, windowSeconds: 60 * 60 },
  /** Each up to 20 MB, read in a child process (issue 36). */
  recordUpload: {
    limit: 60,
    windowSeconds: 60 * 60,
    refusal: 'Files can be uploaded 60 times an hour.',
  },
  templateUpload: {
    limit: 10,
    windowSeconds: 60 * 60,
    refusal: 'Blank forms can be uploaded 10 times an hour.',
  },
  /** Each reads a blank form and writes a PDF (issue 36). */
  formFill: {
    limit: 60,
    windowSeconds: 60 * 60,
    refusal: 'Forms can be filled 60 times an hour.',
  },
  /** Each reads up to 10 MB in a child process (issue 27). */
  import: {
    limit: 30,
    windowSeconds: 15 * 60,
    refusal: 'Spreadsheets can be previewed or imported 30 times in 15 minutes.',
  },
  /** It reads every file they keep (issue 27). */
  wholeRecord: {
    limit: 6,
    windowSeconds: 60 * 60,
    refusal: 'Your whole record can be downloaded 6 times an hour.',
  },
  /** Each answer tells whether an email has an account: unlimited, it lists them (issue 36). */
  supervisorEmails: {
    limit: 10,
    windowSeconds: 24 * 60 * 60,
    refusal: 'You can add supervisors or change their emails 10 times a day.',
  },
} as const satisfies Record<string, RateLimit>;

/** Kept in the database so that every app instance shares the count. */
export async function consumeRateLimit(
  db: Db,
  key: string,
  { limit, windowSeconds, refusal }: RateLimit,
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
    throw tooManyAttempts(new Date(windowStart.getTime() + windowSeconds * 1000), now, refusal);
  }
}

export function tooManyAttempts(until: Date, now: Date, refusal = 'Too many attempts.'): AppError {
  const seconds = (until.getTime() - now.getTime()) / 1000;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const wait =
    minutes > 90
      ? `${Math.ceil(minutes / 60)} hours`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return AppError.rateLimited(`${refusal} Please try again in ${wait}.`, seconds);
}

/** An IPv6 address counts as its /64: one subscriber gets it whole (issue 27). */
export function clientNetwork(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  const bare = address.split('%')[0] ?? '';
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  let text = address;
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}
