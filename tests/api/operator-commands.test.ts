import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BenchManifest } from '../../bench/bench-data';
import { backupMain } from '../../scripts/backup';
import { exportAccountMain } from '../../scripts/export-account';
import { withProduct } from '../../scripts/open-product';
import { restoreMain } from '../../scripts/restore';
import { checkPart, openZip } from '../../src/server/adapters/zip/zip-reader';
import { experienceLogs, outboxEmails } from '../../src/server/db/schema';
import { RecordManifestSchema } from '../../src/server/features/records-export/records-export.service';
import { printed, startProcess, type RunningProcess } from '../helpers/server-process';

import {
  alteredBackup,
  collect,
  inspect,
  makePlace,
  populate,
  type Kind,
  type Place,
} from './operator-support';
/*
 * The operator's commands, called through their main functions on real databases (PGlite in a
 * DATA_DIR, and PostgreSQL in the PostgreSQL run) and a storage folder: backup, wipe, restore
 * gives back every row, sequence and stored file; restore refuses what it must; export-account
 * writes an account's whole record.
 */

const RUN_KIND: Kind = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
const cleanups: (() => Promise<void>)[] = [];
let work: string;

async function newPlace(kind: Kind): Promise<Place> {
  const place = await makePlace(kind, work);
  cleanups.push(place.close);
  return place;
}

async function backup(place: Place): Promise<string> {
  const file = join(work, `backup-${randomBytes(4).toString('hex')}.zip`);
  const { lines, output } = collect();
  expect(await backupMain(['--out', file], place.env, output)).toBe(0);
  expect(lines).toEqual([
    expect.stringMatching(/^Backed up \d+ tables \(\d+ rows\) and 2 files to .+ in [\d.]+ s\.$/),
  ]);
  return file;
}

async function restore(place: Place, args: string[]) {
  const { lines, output } = collect();
  const code = await restoreMain(args, place.env, output);
  return { code, lines };
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'ft-operator-'));
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await rm(work, { recursive: true, force: true });
});

const ROUND_TRIPS: [Kind, Kind][] =
  RUN_KIND === 'postgres'
    ? [
        ['postgres', 'postgres'],
        ['pglite', 'postgres'],
        ['postgres', 'pglite'],
      ]
    : [['pglite', 'pglite']];

describe.each(ROUND_TRIPS)('a backup of %s restored into %s', (from, to) => {
  it('gives back every row, every sequence and every stored file, identical', async () => {
    const source = await newPlace(from);
    await populate(source);
    const before = await inspect(source);
    expect(Object.keys(before.files).sort()).toEqual(['pictures/p-1.png', 'records/form-1.pdf']);
    const file = await backup(source);
    const target = from === to ? source : await newPlace(to);
    await source.wipe();
    const restored = await restore(target, [file]);
    expect(restored.code).toBe(0);
    expect(restored.lines).toEqual([
      expect.stringMatching(/^Restored \d+ tables \(\d+ rows\) and 2 files from /),
    ]);
    expect(await inspect(target)).toEqual(before);
  }, 300_000);
});

describe('npm run restore refuses', () => {
  let place: Place;
  let file: string;
  let original: Awaited<ReturnType<typeof inspect>>;
  let bench: BenchManifest;

  beforeAll(async () => {
    place = await newPlace(RUN_KIND);
    bench = await populate(place);
    file = await backup(place);
    original = await inspect(place);
  }, 300_000);

  it('to overwrite a database that holds data, unless --force', async () => {
    await expect(restore(place, [file])).rejects.toThrow(
      'The database already holds data: restore into an empty one, or add --force to replace everything in it with the backup.',
    );
  }, 120_000);

  it('a backup from a newer migration level, a damaged one, and one that is not a backup', async () => {
    const newer = await alteredBackup(file, work, {
      manifest: (m) => void (m.migrations.level += 1),
    });
    await expect(restore(place, [newer, '--force'])).rejects.toThrow(
      /is newer than this app \(migration \d+\): restore it with the version that made it\.$/,
    );
    const damaged = await alteredBackup(file, work, {
      part: { path: 'database/users.jsonl', edit: (t) => t.replace('Trainee', 'Trainex') },
    });
    await expect(restore(place, [damaged, '--force'])).rejects.toThrow(
      'The backup is damaged: database/users.jsonl does not match its checksum in the manifest. Nothing was restored.',
    );
    const notZip = join(work, 'not-a-backup.zip');
    await writeFile(notZip, 'hello');
    await expect(restore(place, [notZip, '--force'])).rejects.toThrow(/is not a readable zip file/);
    expect(await inspect(place)).toEqual(original);
  }, 120_000);

  it('nothing of a restore that fails halfway: the rows go in one transaction', async () => {
    const broken = await alteredBackup(file, work, {
      part: {
        path: 'database/log_tasks.jsonl',
        edit: (t) => t.replace(/"log_id": \d+/, '"log_id": 987654321'),
      },
      fixChecksum: true,
    });
    const empty = await newPlace(RUN_KIND);
    await expect(restore(empty, [broken])).rejects.toThrow(
      /^The backup.s log_tasks could not be restored \(.*foreign key.*\)\. Nothing was restored\.$/,
    );
    const after = await inspect(empty);
    expect(after.rows.users).toMatch(/^0:/);
    expect(after.rows.experience_logs).toMatch(/^0:/);
    expect(after.files).toEqual({});
  }, 120_000);

  it('nothing with --force: everything is replaced by the backup', async () => {
    await withProduct(place.env, ({ database }) =>
      database.db.insert(outboxEmails).values({
        toAddress: 'late@example.com',
        subject: 'late',
        textBody: 'late',
        transport: 'outbox',
      }),
    );
    const forced = await restore(place, [file, '--force']);
    expect(forced.code).toBe(0);
    expect(await inspect(place)).toEqual(original);
  }, 120_000);

  describe('npm run export-account', () => {
    it("writes a trainee's whole record, every file as the manifest's checksum says", async () => {
      const trainee = bench.trainees[0];
      if (!trainee) throw new Error('no trainee');
      const out = join(work, 'trainee.zip');
      const { lines, output } = collect();
      expect(
        await exportAccountMain([trainee.email.toUpperCase(), '--out', out], place.env, output),
      ).toBe(0);
      expect(lines).toEqual([`Wrote the whole record of ${trainee.email} (trainee) to ${out}.`]);
      const zip = await openZip(out);
      const manifest = RecordManifestSchema.parse(
        JSON.parse((await zip.read('manifest.json')).toString('utf8')),
      );
      expect(manifest.account).toMatchObject({ id: trainee.id, role: 'trainee' });
      for (const part of manifest.files) expect(await checkPart(zip, part), part.path).toBe(true);
      const logs = JSON.parse((await zip.read('logs/logs.json')).toString('utf8')) as unknown[];
      const stored = await withProduct(place.env, ({ database }) =>
        database.db.select().from(experienceLogs).where(eq(experienceLogs.traineeId, trainee.id)),
      );
      expect(logs).toHaveLength(stored.length);
      expect(zip.paths.filter((path) => path.endsWith('-october.pdf'))).toHaveLength(1);
      zip.close();
    }, 120_000);

    it("writes a supervisor's profile, links and sign-offs", async () => {
      const supervisor = bench.supervisors[0];
      if (!supervisor) throw new Error('no supervisor');
      const out = join(work, 'supervisor.zip');
      expect(
        await exportAccountMain([supervisor.email, '--out', out], place.env, collect().output),
      ).toBe(0);
      const zip = await openZip(out);
      expect([...zip.paths].sort()).toEqual([
        'manifest.json',
        'month-signoffs.json',
        'profile.json',
        'trainees.json',
      ]);
      zip.close();
    }, 120_000);

    it('says so in one line for an unknown email', async () => {
      const { lines, output } = collect();
      expect(await exportAccountMain(['nobody@example.com'], place.env, output)).toBe(1);
      expect(lines).toEqual(['error: No account has the email nobody@example.com.']);
    }, 120_000);
  });
});

describe('on the embedded database', () => {
  const running: RunningProcess[] = [];
  afterAll(() => {
    for (const started of running) started.child.kill();
  });

  it("stops with the lock's one line while another process (the server) holds DATA_DIR", async () => {
    const dataDir = await mkdtemp(join(work, 'locked-'));
    const holder = startProcess('tests/helpers/hold-data-dir-lock.ts', dataDir);
    running.push(holder);
    await printed(holder, /ready/);
    holder.child.stdin?.write('go\n');
    await printed(holder, /held/);
    const command = startProcess('scripts/backup.ts', dataDir, { LOG_LEVEL: 'silent' });
    running.push(command);
    expect(await command.exit).toBe(1);
    const pid = String(holder.child.pid);
    const escaped = dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(command.output()).toMatch(
      new RegExp(
        `^Another Fieldwork Tracker process \\(pid ${pid}, started [^)]+\\) is using the database in ${escaped}\\. Stop it first \\(kill ${pid}\\), or set DATA_DIR to another folder\\.\\n$`,
      ),
    );
  }, 120_000);
});
