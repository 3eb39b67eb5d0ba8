// `npm run restore -- FILE.zip [--force]`: puts a backup's tables and stored files back, into
// DATABASE_URL or the embedded database in DATA_DIR (stop the server first) and STORAGE_URL.
// Refuses a damaged backup, one from another migration level, and a database that holds data
// unless --force (which replaces everything in it).
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { restoreBackup } from '../src/server/db/backup/restore-backup';
import {
  consoleOutput,
  parseCommandLine,
  runCommand,
  withProduct,
  type Output,
} from './open-product';

export const RESTORE_USAGE = 'Usage: npm run restore -- FILE.zip [--force]';

/** Restores a backup; resolves with the exit code. */
export async function restoreMain(
  argv: string[],
  env: Record<string, string | undefined>,
  output: Output = consoleOutput,
): Promise<number> {
  const parsed = parseCommandLine(
    argv,
    { force: { type: 'boolean', default: false } },
    1,
    RESTORE_USAGE,
    output,
  );
  if (!parsed) return 2;
  const file = parsed.positionals[0] ?? '';
  const started = performance.now();
  const { manifest, removedFiles } = await withProduct(env, ({ database, storage }) =>
    restoreBackup({ database, storage, file, force: parsed.values.force }),
  );
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const removed = removedFiles > 0 ? `; removed ${removedFiles} stored files it does not have` : '';
  output.info(
    `Restored ${manifest.tables.length} tables (${rows} rows) and ${manifest.files.length} files from ${file} (taken ${manifest.createdAt}) in ${seconds} s${removed}.`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCommand(() => restoreMain(process.argv.slice(2), process.env));
}
