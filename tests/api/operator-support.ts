import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { ZipFile } from 'yazl';
import { generateBenchData, type BenchManifest } from '../../bench/bench-data';
import { withProduct, type Output } from '../../scripts/open-product';
import { openZip } from '../../src/server/adapters/zip/zip-reader';
import { sha256Of } from '../../src/server/adapters/zip/zip-writer';
import {
  BACKUP_MANIFEST_PATH,
  BackupManifestSchema,
  type BackupManifest,
} from '../../src/server/db/backup/backup-manifest';
import { experienceLogs, outboxEmails, recordFiles } from '../../src/server/db/schema';
import { withDatabase } from '../setup/api-global-setup';
import { databaseContents, storedFiles } from '../helpers/database-contents';
import { seedPgliteDataDir } from '../helpers/test-database';
import { pdfBytes, PNG_BYTES } from '../helpers/file-fixtures';

/* Places, data and backups for the operator commands' tests (operator-commands.test.ts). */

export type Kind = 'pglite' | 'postgres';
/** Where a product lives: a database of one kind and a storage folder. */
export type Place = {
  env: Record<string, string>;
  wipe: () => Promise<void>;
  close: () => Promise<void>;
};

/** An empty place of `kind` in a new folder under `parent`. */
export async function makePlace(kind: Kind, parent: string): Promise<Place> {
  const dir = await mkdtemp(join(parent, `${kind}-`));
  const files = join(dir, 'files');
  const storage = { STORAGE_URL: pathToFileURL(files).href, LOG_LEVEL: 'silent' };
  if (kind === 'pglite') {
    const dataDir = join(dir, 'data');
    // An empty place's database is the migrated template, as the built server's first start
    // makes it (a first start without one is pglite-template.test.ts's).
    await seedPgliteDataDir(dataDir);
    return {
      env: { ...storage, DATABASE_URL: '', DATA_DIR: dataDir },
      wipe: async () => {
        await rm(dataDir, { recursive: true, force: true });
        await rm(files, { recursive: true, force: true });
        await seedPgliteDataDir(dataDir);
      },
      close: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const url = inject('postgresUrl');
  const name = `ft_test_${process.ppid}_ops_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  return {
    env: { ...storage, DATABASE_URL: withDatabase(url, name), DATA_DIR: dir },
    wipe: async () => {
      await admin(`drop database ${name} with (force)`);
      await admin(`create database ${name}`);
      await rm(files, { recursive: true, force: true });
    },
    close: async () => {
      await admin(`drop database if exists ${name} with (force)`);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A small practice: the benchmark's generator, two stored files, an id sequence with a gap. */
export async function populate(place: Place): Promise<BenchManifest> {
  return withProduct(place.env, async ({ database, storage }) => {
    const bench = await generateBenchData(database, { trainees: 1, years: 0.25, supervisors: 1 });
    const trainee = bench.trainees[0];
    if (!trainee) throw new Error('no trainee');
    const pdf = await pdfBytes('October form');
    await storage.put('records/form-1.pdf', Readable.from([pdf]), {
      contentType: 'application/pdf',
    });
    await storage.put('pictures/p-1.png', Readable.from([PNG_BYTES]), { contentType: 'image/png' });
    const [log] = await database.db
      .select()
      .from(experienceLogs)
      .where(eq(experienceLogs.traineeId, trainee.id))
      .limit(1);
    await database.db.insert(recordFiles).values({
      traineeId: trainee.id,
      traineeSupervisorId: log?.traineeSupervisorId ?? null,
      formType: 'Monthly',
      formDate: '2026-10-01',
      title: 'October',
      fileName: 'october.pdf',
      storageKey: 'records/form-1.pdf',
      contentType: 'application/pdf',
      sizeBytes: pdf.length,
      confirmedDownloaded: true,
      confirmedSigned: true,
      confirmedFilled: true,
    });
    // The next id is not max(id) + 1: a restore must keep it.
    const [mail] = await database.db
      .insert(outboxEmails)
      .values({ toAddress: 'x@example.com', subject: 'x', textBody: 'x', transport: 'outbox' })
      .returning();
    await database.db.delete(outboxEmails).where(eq(outboxEmails.id, mail?.id ?? 0));
    return bench;
  });
}

export const inspect = (place: Place) =>
  withProduct(place.env, async ({ database, storage }) => ({
    rows: await databaseContents(database.db),
    files: await storedFiles(storage),
  }));

export function collect(): { lines: string[]; output: Output } {
  const lines: string[] = [];
  return {
    lines,
    output: { info: (line) => lines.push(line), error: (line) => lines.push(`error: ${line}`) },
  };
}

/** A copy of a backup with some parts changed (and, if asked, the manifest). */
export async function alteredBackup(
  file: string,
  outDir: string,
  change: {
    part?: { path: string; edit: (text: string) => string };
    manifest?: (m: BackupManifest) => void;
    fixChecksum?: boolean;
  },
): Promise<string> {
  const source = await openZip(file);
  const manifest = BackupManifestSchema.parse(
    JSON.parse((await source.read(BACKUP_MANIFEST_PATH)).toString('utf8')),
  );
  const zip = new ZipFile();
  for (const path of source.paths) {
    if (path === BACKUP_MANIFEST_PATH) continue;
    let bytes = await source.read(path);
    if (change.part?.path === path) {
      bytes = Buffer.from(change.part.edit(bytes.toString('utf8')));
      const listed = [...manifest.tables, ...manifest.files].find((p) => p.path === path);
      if (listed && change.fixChecksum)
        Object.assign(listed, { bytes: bytes.length, sha256: sha256Of(bytes) });
    }
    zip.addBuffer(bytes, path);
  }
  change.manifest?.(manifest);
  zip.addBuffer(Buffer.from(JSON.stringify(manifest)), BACKUP_MANIFEST_PATH);
  zip.end();
  source.close();
  const altered = join(outDir, `altered-${randomBytes(4).toString('hex')}.zip`);
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  await writeFile(altered, Buffer.concat(chunks));
  return altered;
}
