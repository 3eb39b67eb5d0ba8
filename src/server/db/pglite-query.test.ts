import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onePassClient } from './pglite-query';

let pglite: PGlite;

beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec(
    `create table things (id serial primary key, name text unique not null, born date, seen timestamptz, tags text[], data jsonb, bytes bytea, ok boolean, n numeric)`,
  );
}, 120_000);
afterAll(() => pglite.close());

describe('one-pass PGlite queries', () => {
  it('stores and reads back every kind of value as PGlite’s own query does', async () => {
    const client = onePassClient(pglite);
    const values = [
      'Ann',
      '2026-03-01',
      new Date('2026-03-01T12:34:56.789Z'),
      ['a', 'b "quoted"', null],
      { nested: [1, 2], text: 'é' },
      new Uint8Array([0, 1, 255]),
      true,
      '12.50',
    ];
    const inserted = await client.query<{ id: number }>(
      'insert into things (name, born, seen, tags, data, bytes, ok, n) values ($1, $2, $3, $4, $5, $6, $7, $8) returning id',
      values,
    );
    const id = inserted.rows[0]?.id;
    expect(inserted.affectedRows).toBe(1);
    const select = 'select * from things where id = $1 and ok = $2 and born <= $3';
    const ours = await client.query(select, [id, true, '2026-03-01']);
    const theirs = await pglite.query(select, [id, true, '2026-03-01']);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.rows[0]).toMatchObject({
      name: 'Ann',
      tags: ['a', 'b "quoted"', null],
      data: { nested: [1, 2], text: 'é' },
      bytes: new Uint8Array([0, 1, 255]),
      ok: true,
      n: '12.50',
    });
    expect((ours.rows[0] as { seen: Date }).seen.toISOString()).toBe('2026-03-01T12:34:56.789Z');
    const arrays = await client.query('select $1::int[] as a', [[1, 2]], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[[1, 2]]]);
  });

  it('fails as PostgreSQL does, and the next query runs', async () => {
    const client = onePassClient(pglite);
    await client.query('insert into things (name) values ($1)', ['Bea']);
    const failed = client.query('insert into things (name) values ($1)', ['Bea']);
    await expect(failed).rejects.toMatchObject({ code: '23505', constraint: 'things_name_key' });
    const rows = await client.query('select count(*)::int as n from things where name = $1', [
      'Bea',
    ]);
    expect(rows.rows).toEqual([{ n: 1 }]);
  });

  it('runs a transaction’s queries in it, and rolls them back when it throws', async () => {
    const client = onePassClient(pglite);
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into things (name) values ($1)', ['Cy']);
        const inside = await tx.query('select count(*)::int as n from things where name = $1', [
          'Cy',
        ]);
        expect(inside.rows).toEqual([{ n: 1 }]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const after = await client.query('select count(*)::int as n from things where name = $1', [
      'Cy',
    ]);
    expect(after.rows).toEqual([{ n: 0 }]);
  });
});
