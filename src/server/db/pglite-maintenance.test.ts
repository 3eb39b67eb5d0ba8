import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_START_PARAMS } from './client';
import { maintainPglite } from './pglite-maintenance';

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create({ startParams: PGLITE_START_PARAMS });
  await client.exec(`create table "Logs" (id int primary key, note text);
    create table tasks (id int primary key)`);
});
afterAll(async () => client.close());

/** What the planner believes of a table, and what the statistics saw. */
async function tableState(name: string) {
  const result = await client.query<{ reltuples: number; dead: number; vacuumed: boolean }>(
    `select c.reltuples, s.n_dead_tup as dead, s.last_vacuum is not null as vacuumed
       from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = $1`,
    [name],
  );
  return result.rows[0];
}

describe('PGlite maintenance (autovacuum’s work, which single-user mode never does)', () => {
  it('analyzes tables never analyzed, then leaves unchanged ones alone', async () => {
    expect(await tableState('Logs')).toMatchObject({ reltuples: -1 });
    expect(await maintainPglite(client)).toEqual(['public."Logs"', 'public.tasks']);
    expect(await tableState('Logs')).toMatchObject({ reltuples: 0 });
    expect(await maintainPglite(client)).toEqual([]);
  });

  it('analyzes a table that grew, so the planner knows its size', async () => {
    await client.exec(
      `insert into "Logs" select g, repeat('x', 100) from generate_series(1, 2000) g`,
    );
    expect(await maintainPglite(client)).toEqual(['public."Logs"']);
    expect(await tableState('Logs')).toMatchObject({ reltuples: 2000 });
    expect(await maintainPglite(client)).toEqual([]);
  });

  it('vacuums a table with many dead rows', async () => {
    await client.exec(`delete from "Logs" where id > 500`);
    expect(await maintainPglite(client)).toEqual(['public."Logs"']);
    expect(await tableState('Logs')).toMatchObject({ reltuples: 500, dead: 0, vacuumed: true });
  });
});
