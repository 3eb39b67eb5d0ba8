import { createRequire } from 'node:module';
import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

/** What drizzle's PGlite driver uses of its client (drizzle-orm/pglite/session.js). */
export type PgliteQueryClient = {
  query: <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
  transaction: <T>(work: (tx: PgliteQueryClient) => Promise<T>) => Promise<T>;
};

/**
 * The client drizzle is given: the one-pass queries, PGlite's own notifications (the sign-in
 * cache listens on them, plugins/actor-cache.ts) and the PGlite itself (a second app on the same
 * database, in tests).
 */
export type OnePassPglite = PgliteQueryClient & {
  listen: PGlite['listen'];
  unlisten: PGlite['unlisten'];
  pglite: PGlite;
};

/** node-postgres's conversion of a parameter to its text (or, for bytes, binary) form. */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => string | Uint8Array | null;
};
const { serialize } = protocol;
const SYNC = serialize.sync();

/**
 * `pglite` for drizzle, each query in one pass through the engine. PGlite's own `query` first
 * asks the engine for the parameters' types (to convert them), then binds and executes: six
 * separate calls into the engine, each parsed and awaited, ≈ 30 % of a simple query's CPU. Here
 * parse, bind, describe, execute and sync go in one call, the parameters converted as
 * node-postgres converts them (PostgreSQL types them from the query, as it does for the
 * PostgreSQL deployments, which send the same values through node-postgres). The statement and
 * portal are the unnamed ones, replaced by the next query: nothing outlives a query, so nothing
 * can go stale when the schema changes.
 */
export function onePassClient(pglite: PGlite): OnePassPglite {
  return {
    pglite,
    listen: (channel, callback, tx) => pglite.listen(channel, callback, tx),
    unlisten: (channel, callback, tx) => pglite.unlisten(channel, callback, tx),
    query: async (text, params, options) => {
      await pglite._checkReady();
      return pglite._runExclusiveTransaction(() => runQuery(pglite, text, params, options, true));
    },
    transaction: (work) =>
      pglite.transaction((tx) =>
        work({
          // Inside, the transaction lock is this transaction's: only the query lock is taken.
          query: (text, params, options) => {
            if (tx.closed) throw new Error('Transaction is closed');
            return runQuery(pglite, text, params, options, false);
          },
          transaction: () => {
            throw new Error('Nested transactions are savepoints in drizzle');
          },
        }),
      ),
  };
}

function runQuery<T>(
  pglite: PGlite,
  text: string,
  params: unknown[] = [],
  options: QueryOptions | undefined,
  outsideTransaction: boolean,
): Promise<Results<T>> {
  return pglite._runExclusiveQuery(async () => {
    const message = concat([
      serialize.parse({ text }),
      serialize.bind({ values: params.map((value) => prepareValue(value)) as never }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      SYNC,
    ]);
    let messages;
    try {
      messages = await pglite.execProtocolStream(message, { syncToFs: false });
    } catch (error) {
      // What PGlite's `query` tells of a failed query.
      if (error instanceof Error) Object.assign(error, { query: text, params });
      throw error;
    }
    if (outsideTransaction) await pglite.syncToFs();
    return parse.parseResults(messages, pglite.parsers, options)[0] as Results<T>;
  });
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
