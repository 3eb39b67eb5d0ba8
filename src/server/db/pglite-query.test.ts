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

  describe('kept statements', () => {
    /** The statements this session keeps prepared (protocol-level ones, not SQL PREPAREs). */
    const kept = async () =>
      (
        await pglite.query<{ statement: string }>(
          'select statement from pg_prepared_statements where not from_sql order by statement',
        )
      ).rows.map((row) => row.statement);

    beforeAll(() => pglite.exec('deallocate all'));

    it('parses a query text once and runs it again under its name', async () => {
      const client = onePassClient(pglite);
      const text = 'select count(*)::int as n from things where name <> $1';
      const first = await client.query(text, ['nobody']);
      const second = await client.query(text, ['nobody']);
      expect(second.rows).toEqual(first.rows);
      expect((await kept()).filter((statement) => statement === text)).toHaveLength(1);
    });

    it('keeps at most the number it is given, closing the least recently used', async () => {
      await pglite.exec('deallocate all');
      const client = onePassClient(pglite, { keptStatements: 2 });
      const texts = [1, 2, 3].map((n) => `select ${n}::int as n, $1::text as t`);
      for (const text of texts) await client.query(text, ['x']);
      await client.query(texts[2] ?? '', ['x']);
      // The third text pushed out the first; it is closed with the next query sent.
      expect(await kept()).toEqual([texts[1], texts[2]].sort());
      const again = await client.query(texts[0] ?? '', ['y']);
      expect(again.rows).toEqual([{ n: 1, t: 'y' }]);
    });

    it('recovers from a failed parse and from a failed run of a kept statement', async () => {
      const client = onePassClient(pglite);
      await expect(client.query('select from nowhere_at_all where', [])).rejects.toMatchObject({
        code: '42601',
      });
      const insert = 'insert into things (name) values ($1) returning name';
      await client.query(insert, ['Dee']);
      await expect(client.query(insert, ['Dee'])).rejects.toMatchObject({ code: '23505' });
      const next = await client.query(insert, ['Eve']);
      expect(next.rows).toEqual([{ name: 'Eve' }]);
      const failedTx = client.transaction(async (tx) => {
        await tx.query(insert, ['Fay']);
        await tx.query(insert, ['Fay']);
      });
      await expect(failedTx).rejects.toMatchObject({ code: '23505' });
      const afterTx = await client.query(insert, ['Gus']);
      expect(afterTx.rows).toEqual([{ name: 'Gus' }]);
      const fay = await client.query('select count(*)::int as n from things where name = $1', [
        'Fay',
      ]);
      expect(fay.rows).toEqual([{ n: 0 }]);
    });

    it('keeps a statement first made in a transaction that rolled back', async () => {
      const client = onePassClient(pglite);
      const text = 'select count(*)::int as n from things where name like $1';
      await expect(
        client.transaction(async (tx) => {
          await tx.query(text, ['%']);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      const after = await client.query(text, ['nobody%']);
      expect(after.rows).toEqual([{ n: 0 }]);
    });

    it('answers from the table as it is after the schema changes', async () => {
      const client = onePassClient(pglite);
      await pglite.exec('create table shapes (id int primary key, label text)');
      const text = 'select id, label from shapes order by id';
      await client.query('insert into shapes values ($1, $2)', [1, 'one']);
      expect((await client.query(text, [])).rows).toEqual([{ id: 1, label: 'one' }]);
      await pglite.exec(
        "alter table shapes add column size int default 7; drop table shapes; create table shapes (label text, id int); insert into shapes values ('two', 2)",
      );
      expect((await client.query(text, [])).rows).toEqual([{ id: 2, label: 'two' }]);
    });
  });
});
