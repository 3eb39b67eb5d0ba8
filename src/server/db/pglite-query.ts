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
 * separate calls into the engine, each parsed and awaited (their cost: decision 014). Here
 * parse, bind, describe, execute and sync go in one call, the parameters converted as
 * node-postgres converts them (PostgreSQL types them from the query, as it does for the
 * PostgreSQL deployments, which send the same values through node-postgres).
 *
 * Each query text is kept prepared under a name of its own (`KEPT_STATEMENTS` of them, the least
 * recently used closed first), so the engine parses and plans it once rather than at every
 * request, as node-postgres's named statements do on PostgreSQL: planning in wasm costs about as
 * much as running the query (decision 016, bench/RESULTS.md). PostgreSQL
 * replans a kept statement itself when a table it reads changes. A query that fails may leave its
 * statement made or not (the error can be its parse's or its execution's): it is closed, and its
 * text parsed afresh the next time.
 */
export function onePassClient(
  pglite: PGlite,
  options: { keptStatements?: number } = {},
): OnePassPglite {
  const statements = keptStatements(options.keptStatements ?? KEPT_STATEMENTS);
  return {
    pglite,
    listen: (channel, callback, tx) => pglite.listen(channel, callback, tx),
    unlisten: (channel, callback, tx) => pglite.unlisten(channel, callback, tx),
    query: async (text, params, options) => {
      await pglite._checkReady();
      return pglite._runExclusiveTransaction(() =>
        runQuery(pglite, statements, text, params, options, true),
      );
    },
    transaction: (work) =>
      pglite.transaction((tx) =>
        work({
          // Inside, the transaction lock is this transaction's: only the query lock is taken.
          query: (text, params, options) => {
            if (tx.closed) throw new Error('Transaction is closed');
            return runQuery(pglite, statements, text, params, options, false);
          },
          transaction: () => {
            throw new Error('Nested transactions are savepoints in drizzle');
          },
        }),
      ),
  };
}

/** How many query texts are kept prepared at once. */
export const KEPT_STATEMENTS = 200;

/** The prepared statements of one PGlite session, by query text, least recently used first. */
type KeptStatements = {
  /** The kept statement's name for `text`, now the most recently used; undefined if none. */
  use: (text: string) => string | undefined;
  /** A name for a new statement, unused in the process. */
  newName: () => string;
  /** Keeps `name` as `text`'s statement once it has run; the least recently used may go. */
  keep: (text: string, name: string) => void;
  /** Forgets `text`'s statement, and has `name` closed (it may or may not exist). */
  drop: (text: string, name: string) => void;
  /** The statements to close now (those dropped or pushed out since the last call). */
  takeClosing: () => string[];
};

/** Names are unique in the process: two clients of one PGlite (tests) share its session. */
let statementCount = 0;

function keptStatements(max: number): KeptStatements {
  const names = new Map<string, string>();
  let closing: string[] = [];
  return {
    use(text) {
      const name = names.get(text);
      if (name === undefined) return undefined;
      names.delete(text);
      names.set(text, name);
      return name;
    },
    newName: () => `ft_${(statementCount += 1)}`,
    keep(text, name) {
      names.set(text, name);
      if (names.size <= max) return;
      const [oldestText, oldestName] = names.entries().next().value as [string, string];
      names.delete(oldestText);
      closing.push(oldestName);
    },
    drop(text, name) {
      if (names.get(text) === name) names.delete(text);
      closing.push(name);
    },
    takeClosing() {
      const taken = closing;
      closing = [];
      return taken;
    },
  };
}

function runQuery<T>(
  pglite: PGlite,
  statements: KeptStatements,
  text: string,
  params: unknown[] = [],
  options: QueryOptions | undefined,
  outsideTransaction: boolean,
): Promise<Results<T>> {
  return pglite._runExclusiveQuery(async () => {
    const kept = statements.use(text);
    const name = kept ?? statements.newName();
    // Closed outside a transaction only: in a failed one, nothing but its end is accepted.
    const closing = outsideTransaction ? statements.takeClosing() : [];
    const message = concat([
      ...closing.map((old) => serialize.close({ type: 'S', name: old })),
      ...(kept === undefined ? [serialize.parse({ text, name })] : []),
      serialize.bind({
        statement: name,
        values: params.map((value) => prepareValue(value)) as never,
      }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      SYNC,
    ]);
    let messages;
    try {
      messages = await pglite.execProtocolStream(message, { syncToFs: false });
    } catch (error) {
      statements.drop(text, name);
      // What PGlite's `query` tells of a failed query.
      if (error instanceof Error) Object.assign(error, { query: text, params });
      throw error;
    }
    if (kept === undefined) statements.keep(text, name);
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
