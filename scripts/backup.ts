// `npm run backup [-- --out backups/name.zip]`: the whole product (every table and every stored
// file) into one zip with a manifest. Reads DATABASE_URL, or the embedded database in DATA_DIR
// (stop the server first: PGlite belongs to one process), and STORAGE_URL (folder or S3).
import { createWriteStream, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createBackup } from '../src/server/db/backup/create-backup';
import {
  appVersion,
  consoleOutput,
  parseCommandLine,
  runCommand,
  withProduct,
  type Output,
} from './open-product';

export const BACKUP_USAGE = 'Usage: npm run backup -- [--out FILE.zip]';

/** The default file name: backups/fieldwork-tracker-20261126T114500Z.zip. */
export const defaultBackupFile = (now: Date) =>
  `backups/fieldwork-tracker-${now.toISOString().replace(/[-:]|\.\d+/g, '')}.zip`;

/** Writes a backup; resolves with the exit code. */
export async function backupMain(
  argv: string[],
  env: Record<string, string | undefined>,
  output: Output = consoleOutput,
): Promise<number> {
  const parsed = parseCommandLine(argv, { out: { type: 'string' } }, 0, BACKUP_USAGE, output);
  if (!parsed) return 2;
  const { values } = parsed;
  const now = new Date();
  const file = values.out ?? defaultBackupFile(now);
  // Written beside, then renamed: a scheduled run never leaves half a backup under the name.
  const partial = `${file}.partial`;
  const started = performance.now();
  const manifest = await withProduct(env, async ({ database, storage }) => {
    mkdirSync(dirname(file), { recursive: true });
    try {
      return await createBackup({
        database,
        storage,
        output: createWriteStream(partial),
        appVersion: appVersion(),
        now,
      });
    } catch (error) {
      rmSync(partial, { force: true });
      throw error;
    }
  });
  renameSync(partial, file);
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const megabytes = (statSync(file).size / 1e6).toFixed(1);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  output.info(
    `Backed up ${manifest.tables.length} tables (${rows} rows) and ${manifest.files.length} files to ${file} (${megabytes} MB) in ${seconds} s.`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCommand(() => backupMain(process.argv.slice(2), process.env));
}
