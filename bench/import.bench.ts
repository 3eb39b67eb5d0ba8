// Importing 10,000 rows of earlier hours (issue 14): the preview (read, check every row with the
// log form's rules) and the import (check again, store all in one transaction), in process on a
// fresh embedded database, or with BENCH_POSTGRES_URL (a server; a database is made and dropped).
// Run: `node --import tsx bench/import.bench.ts`. The machine may be shared: besides the time it
// prints the CPU used (this process's, and a local PostgreSQL's processes for the bench database)
// and the load average.
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
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

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/**
 * The CPU time (ms) the server processes serving the bench database have used, by process id:
 * a PostgreSQL on this machine (Linux /proc); empty for PGlite, whose engine runs in this process.
 */
async function serverCpu(): Promise<Map<number, number>> {
  const used = new Map<number, number>();
  if (!admin) return used;
  const { rows } = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1',
    [dbName],
  );
  for (const { pid } of rows) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
    const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (!fields) continue;
    // utime and stime: fields 14 and 15 of the file, 12 and 13 after the name.
    used.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS);
  }
  return used;
}

/** How long `work` took, and the CPU this process and the database server used meanwhile. */
async function measure<T>(work: () => Promise<T>) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const server = await serverCpu();
  const result = await work();
  const ms = Math.round(performance.now() - started);
  const used = process.cpuUsage(cpu);
  const own = Math.round((used.user + used.system) / 1000);
  let db = 0;
  for (const [pid, after] of await serverCpu()) db += after - (server.get(pid) ?? 0);
  const figures = admin
    ? `${ms} ms (CPU: ${own} ms here, ${Math.round(db)} ms server)`
    : `${ms} ms (CPU ${own} ms)`;
  return { result, figures };
}

const preview = await measure(async () =>
  t.request({
    method: 'POST',
    url: '/api/v1/import/preview/',
    token: trainee.token,
    ...(await multipart({ mapping: JSON.stringify(GENERIC_MAPPING) }, [file])),
  }),
);
const checked = preview.result.json<{
  sha256: string;
  counts: { valid: number; invalid: number };
}>();
if (checked.counts.valid !== ROWS) throw new Error(`preview: ${JSON.stringify(checked.counts)}`);

const done = await measure(async () =>
  t.request({
    method: 'POST',
    url: '/api/v1/import/',
    token: trainee.token,
    ...(await multipart({ mapping: JSON.stringify(GENERIC_MAPPING), sha256: checked.sha256 }, [
      file,
    ])),
  }),
);
if (done.result.statusCode !== 201)
  throw new Error(`import: ${done.result.statusCode} ${done.result.body.slice(0, 300)}`);

const answerMb = (preview.result.rawPayload.length / 1024 / 1024).toFixed(1);
console.log(
  `${ROWS} rows, ${(bytes.length / 1024 / 1024).toFixed(1)} MB CSV, ${serverUrl ? 'PostgreSQL' : 'PGlite'}: ` +
    `preview ${preview.figures}, answer ${answerMb} MB; import ${done.figures}; ` +
    `load ${loadavg()[0]?.toFixed(2)}`,
);
await t.close();
if (admin) {
  await admin.query(`drop database ${dbName}`);
  await admin.end();
}
await rm(dataDir, { recursive: true, force: true });
