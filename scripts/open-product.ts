// What the operator's commands (backup, restore, export-account) open: the database and the
// storage the server would, from the same environment. The embedded database belongs to one
// process: with the server running, opening it stops with the lock's one-line message.
import { readFileSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { createStorage } from '../src/server/adapters/storage/create-storage';
import type { StoragePort } from '../src/server/adapters/storage/storage.port';
import { openDatabase, type Database } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import { loadConfig, type Config } from '../src/server/env';

export type Product = { config: Config; database: Database; storage: StoragePort };

/** Where a command writes: its lines and its errors (tests collect them). */
export type Output = { info: (line: string) => void; error: (line: string) => void };
export const consoleOutput: Output = { info: console.log, error: console.error };

/** Opens the database (migrated) and the storage `env` configures, runs `work`, closes. */
export async function withProduct<T>(
  env: Record<string, string | undefined>,
  work: (product: Product) => Promise<T>,
): Promise<T> {
  const config = loadConfig(env);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  try {
    const storage = await createStorage(config, () => new Date());
    return await work({ config, database, storage });
  } finally {
    await database.close();
  }
}

/** The app's version, from package.json. */
export function appVersion(): string {
  const pkg: unknown = JSON.parse(
    readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
  );
  return typeof pkg === 'object' && pkg && 'version' in pkg && typeof pkg.version === 'string'
    ? pkg.version
    : 'unknown';
}

/**
 * Runs a command's main and sets the exit code: 0, or 1 with one line (the lock's message,
 * a refusal's, or the error's) on stderr.
 */
export function runCommand(main: () => Promise<number>, output: Output = consoleOutput): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      output.error(
        error instanceof DataDirLockedError || error instanceof Error
          ? error.message
          : String(error),
      );
      process.exitCode = 1;
    },
  );
}

type CommandOptions = NonNullable<ParseArgsConfig['options']>;
type CommandLine<O extends CommandOptions> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>
>;

/**
 * The command line's options and exactly `positionals` arguments, or null once the mistake and
 * `usage` are written (the command then exits 2).
 */
export function parseCommandLine<O extends CommandOptions>(
  argv: string[],
  options: O,
  positionals: number,
  usage: string,
  output: Output,
): CommandLine<O> | null {
  let parsed: CommandLine<O>;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    output.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return null;
  }
  if (parsed.positionals.length !== positionals) {
    output.error(usage);
    return null;
  }
  return parsed;
}
