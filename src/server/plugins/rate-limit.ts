import { sql } from 'drizzle-orm';
import { isIPv4, isIPv6 } from 'node:net';
import { AppError } from '../../shared/errors';
import type { Db } from '../db/client';
import { rateLimitBuckets } from '../db/schema';

/**
 * `limit` hits per fixed window of `windowSeconds`; `refusal`, the sentence a refused person
 * reads before "Please try again in N minutes." (default "Too many attempts.").
 */
export type RateLimit = { limit: number; windowSeconds: number; refusal?: string };

/** The limits on the account routes (per client address and per email) and on uploads. */
export const RATE_LIMITS = {
  /** Every sign-in from an address, right or wrong; the failures also lock (decision 018). */
  login: { limit: 20, windowSeconds: 15 * 60 },
  signup: { limit: 10, windowSeconds: 60 * 60 },
  verify: { limit: 20, windowSeconds: 15 * 60 },
  /**
   * Code checks per account, from any address (verification and reset each): a six-digit code
   * then takes about 11 years of guessing on average, where 5 codes × 5 tries every 15 minutes
   * gave ~25 guesses (issue 27). The owner needs one try; a lock lasts at most the hour.
   */
  codeChecksPerAccount: { limit: 10, windowSeconds: 60 * 60 },
  sendCode: { limit: 5, windowSeconds: 15 * 60 },
  reset: { limit: 20, windowSeconds: 15 * 60 },
  /**
   * Password changes and first passwords, per signed-in session, counted before any argon2id
   * (issue 36): each costs one or two hashes on the few threads that also check sign-ins. The
   * owner needs one; a stolen session's guesses also lock (LOCKOUT_RULES.session).
   */
  sessionPasswords: {
    limit: 10,
    windowSeconds: 15 * 60,
    refusal: 'Too many password changes from this session.',
  },
  /** Signed upload links for profile pictures, per user: each link can store up to 20 MB. */
  pictureUpload: { limit: 20, windowSeconds: 60 * 60 },
  /**
   * Record files sent to the app, per trainee (issue 36): a form uploaded or replaced, a paper
   * form's scan. Each is up to 20 MB, read whole in a child process of its own; a trainee filing
   * a year of monthly forms at once sends a few dozen.
   */
  recordUpload: {
    limit: 60,
    windowSeconds: 60 * 60,
    refusal: 'Files can be uploaded 60 times an hour.',
  },
  /** Blank official forms, per user: each can be 20 MB, and one per variant is kept for them. */
  templateUpload: {
    limit: 10,
    windowSeconds: 60 * 60,
    refusal: 'Blank forms can be uploaded 10 times an hour.',
  },
  /**
   * Official forms filled, per trainee (issue 36): each reads a blank form and writes a PDF. A
   * trainee catching up fills one per month, supervisor and fieldwork type.
   */
  formFill: {
    limit: 60,
    windowSeconds: 60 * 60,
    refusal: 'Forms can be filled 60 times an hour.',
  },
  /**
   * Spreadsheet previews and imports, per trainee: each reads a file of up to 10 MB in a child
   * process of its own (issue 27). A person mapping their columns previews a few times.
   */
  import: {
    limit: 30,
    windowSeconds: 15 * 60,
    refusal: 'Spreadsheets can be previewed or imported 30 times in 15 minutes.',
  },
  /**
   * The whole record's zip, per person (issue 27): it reads every file they keep; a person
   * backing up their record needs it once.
   */
  wholeRecord: {
    limit: 6,
    windowSeconds: 60 * 60,
    refusal: 'Your whole record can be downloaded 6 times an hour.',
  },
  /**
   * Supervisor emails a trainee tries in a UTC day (adding a supervisor, changing one's email,
   * or naming a new one in a log): each answer tells whether the email is a tracker account's,
   * so an unlimited number would list the supervisors (issue 36). A trainee has a few.
   */
  supervisorEmails: {
    limit: 10,
    windowSeconds: 24 * 60 * 60,
    refusal: 'You can add supervisors or change their emails 10 times a day.',
  },
} as const satisfies Record<string, RateLimit>;

/**
 * Counts one hit against `key` in a fixed window and throws 429 past the limit. Kept in the
 * database so that every app instance shares the count.
 */
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

/** The 429 of a limit or a lock that ends at `until`: the minutes left, and `Retry-After`. */
export function tooManyAttempts(until: Date, now: Date, refusal = 'Too many attempts.'): AppError {
  const seconds = (until.getTime() - now.getTime()) / 1000;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  // A day's window reads in hours ("in 9 hours"), not in hundreds of minutes.
  const wait =
    minutes > 90
      ? `${Math.ceil(minutes / 60)} hours`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return AppError.rateLimited(`${refusal} Please try again in ${wait}.`, seconds);
}

/**
 * The network a client address stands for in rate limits and lockouts: an IPv4 address itself
 * (an IPv4-mapped IPv6 address as its IPv4), an IPv6 address's /64, which one subscriber is
 * routinely handed whole (rotating inside it must not escape a limit; issue 27). Anything else
 * is kept as it is.
 */
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

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail read). */
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
