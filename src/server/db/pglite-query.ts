import { createRequire } from 'node:module';
import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

export type PgliteQueryClient = {
  query: <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
  transaction: <T>(work: (tx: PgliteQueryClient) => Promise<T>) => Promise<T>;
};

export type OnePassPglite = PgliteQueryClient & {
  listen: PGlite['listen'];
  unlisten: PGlite['unlisten'];
  pglite: PGlite;
};

const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => string | Uint8Array | null;
};
const { serialize } = protocol;
const SYNC = serialize.sync();

/**
 * One engine call per query instead of PGlite's six (decision 014), parameters converted as
 * node-postgres does. Texts stay prepared (LRU): planning in wasm costs as much as running
 * (decision 016). A failed query's statement is closed and parsed afresh next time.
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

export const KEPT_STATEMENTS = 200;

type KeptStatements = {
  use: (text: string) => string | undefined;
  newName: () => string;
  keep: (text: string, name: string) => void;
  drop: (text: string, name: string) => void;
  takeClosing: () => string[];
};

/** Unique in the process: two clients of one PGlite (tests) share its session. */
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
