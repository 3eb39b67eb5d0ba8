// CSV export of 10,000 logs from the built server, on PGlite and on PostgreSQL: time to the first
// byte, to the whole file, and how much the server's resident memory rises while it streams.
// Run: `npm run bench:export` (BENCH_POSTGRES_URL names the PostgreSQL server, default the local
// one; BENCH_ENTRY another built server to compare, default dist/server/main.js). The figures are
// written to bench/RESULTS.md (its `export` section); a missed target exits with 1.
import { performance } from 'node:perf_hooks';
import { addDays } from '../src/shared/logs/time';
import { createTrainee } from '../tests/helpers/factories';
import { insertDailyLogs, insertSupervisorRecord } from '../tests/helpers/log-factory';
import {
  benchDatabase,
  cpuMs,
  ensureBuilt,
  median,
  reportTable,
  row,
  rssMb,
  sampleRss,
  startServer,
  type DatabaseKind,
} from './support/server';

const LOGS = 10_000;
const RUNS = 7;

type Run = {
  firstByteMs: number;
  wholeMs: number;
  serverCpuMs: number;
  rssRiseMb: number;
  bytes: number;
};

async function exportOnce(base: string, token: string, pid: number): Promise<Run> {
  const before = rssMb(pid);
  const cpuBefore = cpuMs(pid);
  const sampler = sampleRss(pid, 5);
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/download-experience-log/`, {
    method: 'POST',
    headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!response.ok || !response.body) throw new Error(`export: ${response.status}`);
  let firstByteMs = 0;
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const wholeMs = performance.now() - started;
  const peak = sampler.stop();
  if (lines !== LOGS + 1) throw new Error(`the export has ${lines} lines, not ${LOGS + 1}`);
  return {
    firstByteMs,
    wholeMs,
    serverCpuMs: cpuMs(pid) - cpuBefore,
    rssRiseMb: peak - before,
    bytes,
  };
}

async function benchKind(kind: DatabaseKind): Promise<string[]> {
  const database = await benchDatabase(kind, 'export', async (db) => {
    const trainee = await createTrainee(db);
    const record = await insertSupervisorRecord(db, trainee.id);
    const today = new Date().toISOString().slice(0, 10);
    await insertDailyLogs(db, {
      traineeId: trainee.id,
      traineeSupervisorId: record,
      firstDate: addDays(today, -LOGS),
      count: LOGS,
      taskIds: ['A.1', 'B.3', 'G.4'],
    });
    return trainee.token;
  });
  const server = await startServer(database.env, [
    process.execPath,
    process.env.BENCH_ENTRY ?? 'dist/server/main.js',
  ]);
  try {
    await exportOnce(server.base, database.seeded, server.pid); // warm-up
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      runs.push(await exportOnce(server.base, database.seeded, server.pid));
    }
    const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const firstByte = median(runs.map((r) => r.firstByteMs));
    const whole = median(runs.map((r) => r.wholeMs));
    const rise = median(runs.map((r) => r.rssRiseMb));
    const cpu = median(runs.map((r) => r.serverCpuMs));
    const size = (runs[0]?.bytes ?? 0) / 1024 / 1024;
    return [
      row(`${label}: CSV of ${LOGS} logs, first byte`, firstByte, 'ms', [
        '< 100 ms',
        firstByte < 100,
      ]),
      row(`${label}: CSV of ${LOGS} logs, whole file (${size.toFixed(1)} MB)`, whole, 'ms', [
        '< 500 ms',
        whole < 500,
      ]),
      row(`${label}: server CPU time per export`, cpu, 'ms'),
      row(`${label}: server RSS rise while streaming`, rise, 'MB', ['flat (< 20 MB)', rise < 20]),
    ];
  } finally {
    await server.stop();
    await database.drop();
  }
}

async function main(): Promise<void> {
  ensureBuilt();
  const rows = [...(await benchKind('pglite')), ...(await benchKind('postgres'))];
  reportTable(
    {
      name: 'export',
      title: 'CSV export',
      script: 'bench:export',
      file: 'bench/export.bench.ts',
      method: `The built server, ${LOGS.toLocaleString('en-US')} logs of one trainee, exported whole; medians of ${RUNS} runs after one warm-up.`,
    },
    rows,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
