import type { PGlite } from '@electric-sql/pglite';

/*
 * PGlite runs PostgreSQL in single-user mode, where autovacuum never runs: the planner would
 * never learn a table's size (every plan made as for an empty table: a CSV export of 10,000 logs
 * joined every remaining log for each page) and dead rows would never be reclaimed. The server
 * does autovacuum's work itself, by autovacuum's default thresholds, soon after open and every
 * minute.
 */

/** How often the tables are looked at. */
export const MAINTENANCE_INTERVAL_MS = 60_000;

type DueTable = { name: string; vacuum: boolean };

/*
 * Due for ANALYZE: never analyzed, changed by more than 50 rows + 10 % since (PostgreSQL's
 * autovacuum_analyze_threshold and _scale_factor), or grown or shrunk by more than a page + 10 %
 * (PGlite keeps no change counts across a restart; a table's size it does). Due for VACUUM: more
 * than 50 + 20 % dead rows.
 */
const DUE_TABLES = `
  select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as name,
         s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) as vacuum
    from pg_stat_user_tables s
    join pg_class c on c.oid = s.relid
   where c.reltuples < 0
      or s.n_mod_since_analyze > 50 + 0.1 * c.reltuples
      or abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages)
         > 1 + 0.1 * c.relpages
      or s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
   order by 1`;

/** Analyzes (and vacuums) the tables that are due; returns their names. */
export async function maintainPglite(client: PGlite): Promise<string[]> {
  // Change counts reach the statistics at most once a second; this brings them up to date.
  await client.exec('select pg_stat_force_next_flush()');
  const due = await client.query<DueTable>(DUE_TABLES);
  for (const table of due.rows) {
    // One statement per call: VACUUM cannot run inside a multi-statement string.
    await client.exec(`${table.vacuum ? 'vacuum (analyze)' : 'analyze'} ${table.name}`);
  }
  return due.rows.map((table) => table.name);
}

/** How long after open the first round waits: the start answers first. */
export const FIRST_ROUND_DELAY_MS = 5_000;

/**
 * Maintains `client` FIRST_ROUND_DELAY_MS after open, then every MAINTENANCE_INTERVAL_MS, until
 * the returned stop (which waits for a round under way). Like autovacuum it is best effort: a
 * round that fails is tried again at the next.
 */
export function startPgliteMaintenance(client: PGlite): () => Promise<void> {
  let running = Promise.resolve();
  const round = () => {
    running = running
      .then(() => maintainPglite(client))
      .then(
        () => undefined,
        () => undefined,
      );
  };
  let timer = setTimeout(() => {
    round();
    timer = setInterval(round, MAINTENANCE_INTERVAL_MS);
    timer.unref();
  }, FIRST_ROUND_DELAY_MS);
  timer.unref();
  return async () => {
    clearTimeout(timer);
    clearInterval(timer);
    await running;
  };
}
