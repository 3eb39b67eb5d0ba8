// Importing 10,000 rows of earlier hours (issue 14): the preview (read, check every row with the
// log form's rules) and the import (check again, store all in one transaction), in process on a
// fresh embedded database, or with BENCH_POSTGRES_URL (a server; a database is made and dropped).
// Run: `node --import tsx bench/import.bench.ts`
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { addDays } from '../src/shared/logs/time';
import { createTrainee } from '../tests/helpers/factories';
import { createTestApp } from '../tests/helpers/test-app';
import { multipart } from '../tests/api/files-support';
import { GENERIC_HEADER, GENERIC_MAPPING } from '../tests/helpers/import-fixtures';

const ROWS = 10_000;

const serverUrl = process.env.BENCH_POSTGRES_URL;
const dataDir = await mkdtemp(join(tmpdir(), 'import-bench-'));
const dbName = `import_bench_${randomBytes(4).toString('hex')}`;
const admin = serverUrl ? new pg.Client({ connectionString: serverUrl }) : null;
if (admin) {
  await admin.connect();
  await admin.query(`create database ${dbName}`);
}
const databaseUrl = serverUrl ? new URL(serverUrl) : null;
if (databaseUrl) databaseUrl.pathname = `/${dbName}`;
const database = await openDatabase(databaseUrl ? { databaseUrl: databaseUrl.href } : { dataDir });
const t = await createTestApp({}, { database });
t.clock.now = new Date('2026-11-20T12:00:00Z');
const trainee = await createTrainee(t.db);
await t.request({
  method: 'POST',
  url: '/api/v1/trainee-supervisors/',
  token: trainee.token,
  payload: { name: 'Dana', lastname: 'Reyes', email: 'dana.bench@example.com' },
});
// Four entries a day (two supervised, two independent), 2,500 days back from yesterday.
const lines = [GENERIC_HEADER];
for (let index = 0; index < ROWS; index += 1) {
  const day = addDays('2026-11-19', -Math.floor(index / 4));
  const slot = index % 4;
  const from = `${String(8 + slot * 2).padStart(2, '0')}:00`;
  const to = `${String(9 + slot * 2).padStart(2, '0')}:30`;
  const supervised = slot % 2 === 0 ? 'Supervised' : 'Independent';
  lines.push(
    `${day},${from},${to},Supervised,Dana Reyes,${supervised},Individual,Unrestricted,Clinic,In Person,Yes,Individual meeting,A.1; B.2,Bench row ${index}`,
  );
}
const bytes = Buffer.from(lines.join('\r\n'));
const file = { name: 'bench.csv', bytes, type: 'text/csv', field: 'file' };

/** Milliseconds of CPU this process used since `from` (PGlite's engine runs in it). */
const cpuMs = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return Math.round((used.user + used.system) / 1000);
};

let started = performance.now();
let cpu = process.cpuUsage();
const preview = await t.request({
  method: 'POST',
  url: '/api/v1/import/preview/',
  token: trainee.token,
  ...(await multipart({ mapping: JSON.stringify(GENERIC_MAPPING) }, [file])),
});
const previewMs = performance.now() - started;
const previewCpu = cpuMs(cpu);
const checked = preview.json<{ sha256: string; counts: { valid: number; invalid: number } }>();
if (checked.counts.valid !== ROWS) throw new Error(`preview: ${JSON.stringify(checked.counts)}`);

started = performance.now();
cpu = process.cpuUsage();
const done = await t.request({
  method: 'POST',
  url: '/api/v1/import/',
  token: trainee.token,
  ...(await multipart({ mapping: JSON.stringify(GENERIC_MAPPING), sha256: checked.sha256 }, [
    file,
  ])),
});
const importMs = performance.now() - started;
const importCpu = cpuMs(cpu);
if (done.statusCode !== 201)
  throw new Error(`import: ${done.statusCode} ${done.body.slice(0, 300)}`);

console.log(
  `${ROWS} rows, ${(bytes.length / 1024 / 1024).toFixed(1)} MB CSV, ${serverUrl ? 'PostgreSQL' : 'PGlite'}: ` +
    `preview ${Math.round(previewMs)} ms (answer ${(preview.rawPayload.length / 1024 / 1024).toFixed(1)} MB), ` +
    `import ${Math.round(importMs)} ms; this process's CPU: preview ${previewCpu} ms, import ${importCpu} ms; ` +
    `load ${loadavg()[0]?.toFixed(2)}`,
);
await t.close();
if (admin) {
  await admin.query(`drop database ${dbName}`);
  await admin.end();
}
await rm(dataDir, { recursive: true, force: true });
