import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../src/server/db/client';

/**
 * Tables a refused request may write to on purpose: security bookkeeping, not user data.
 * Rate-limit counters, failed-login counts and locks, failed-login events, a wrong code's attempt
 * count and the outbox; and the scheduled jobs' claims (`job_runs`: the app's timers run a job,
 * e.g. the mail retry each minute, whenever its interval comes round during a long test).
 */
const BOOKKEEPING_TABLES = new Set([
  'rate_limit_buckets',
  'login_throttles',
  'account_events',
  'email_codes',
  'outbox_emails',
  'job_runs',
]);

const TableRows = z.object({ rows: z.array(z.object({ table_name: z.string() })) });
const FingerprintRows = z.object({
  rows: z.array(z.object({ table_name: z.string(), fingerprint: z.string() })),
});

/**
 * A function that returns one checksum per table of every table but the bookkeeping ones (a
 * table added later is covered without a change here), so a test can see that nothing was stored.
 */
export async function createTableFingerprint(
  db: Db,
): Promise<() => Promise<Record<string, string>>> {
  const { rows } = TableRows.parse(
    await db.execute(
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  const tables = rows.map((row) => row.table_name).filter((name) => !BOOKKEEPING_TABLES.has(name));
  const query = sql.raw(
    tables
      .map((name) => {
        const quoted = `"${name.replaceAll('"', '""')}"`;
        // Any committed insert or update gives a row a newer xmin; a delete lowers the count.
        // (Cheaper than hashing rows, which PGlite does slowly.)
        return `select '${name.replaceAll("'", "''")}' as table_name,
          count(*) || ':' || coalesce(max(xmin::text::bigint), 0) as fingerprint
          from ${quoted}`;
      })
      .join(' union all '),
  );
  return async () => {
    const result = FingerprintRows.parse(await db.execute(query));
    return Object.fromEntries(result.rows.map((row) => [row.table_name, row.fingerprint]));
  };
}
