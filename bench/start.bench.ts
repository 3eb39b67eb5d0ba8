// The production start and the server's memory, on PGlite and on PostgreSQL: time from spawning
// `npm start` (on a built checkout) to the first 200 from /api/health, resident memory after the
// start and under load (autocannon, 64 connections), throughput of /api/health beside a JSON 404.
// Run: `npm run bench:start` (BENCH_POSTGRES_URL names the PostgreSQL server; default: local);
// the figures are written to bench/RESULTS.md (its `start` section).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays } from '../src/shared/logs/time';
import { createTrainee } from '../tests/helpers/factories';
import { insertDailyLogs, insertSupervisorRecord } from '../tests/helpers/log-factory';
import {
  autocannon,
  benchDatabase,
  ensureBuilt,
  median,
  reportTable,
  row,
  rssMb,
  sampleRss,
  startServer,
  type DatabaseKind,
} from './support/server';

const STARTS = 5;
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const NPM_START = ['npm', 'start', '--silent'];
const TSX_START = [process.execPath, '--import', 'tsx', 'src/server/main.ts'];

/** Median time to the first 200 and median RSS just after it, over STARTS starts. */
async function starts(env: Record<string, string>, command: string[]) {
  const times: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < STARTS; i += 1) {
    const server = await startServer(env, command);
    times.push(server.startMs);
    // Settled: what the process holds once the start's garbage is collected.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    rss.push(rssMb(server.pid));
    await server.stop();
  }
  return { startMs: median(times), rssMb: median(rss) };
}

/** A new empty DATA_DIR each time: the very first start, which creates the database. */
async function firstStarts() {
  const times: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ft-bench-first-'));
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' }, NPM_START);
    times.push(server.startMs);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    rss.push(rssMb(server.pid));
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { startMs: median(times), rssMb: median(rss) };
}

async function benchKind(kind: DatabaseKind): Promise<string[]> {
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const month = new Date().toISOString().slice(0, 7);
  // A trainee with two years of daily logs, for the authenticated GET under load.
  const database = await benchDatabase(kind, 'start', async (db) => {
    const trainee = await createTrainee(db);
    const record = await insertSupervisorRecord(db, trainee.id);
    await insertDailyLogs(db, {
      traineeId: trainee.id,
      traineeSupervisorId: record,
      firstDate: addDays(`${month}-01`, -730),
      count: 730,
    });
    return trainee.token;
  });
  try {
    const npm = await starts(database.env, NPM_START);
    const tsx = await starts(database.env, TSX_START);
    const server = await startServer(database.env);
    const sampler = sampleRss(server.pid, 50);
    const warm = { seconds: 3 };
    autocannon(`${server.base}/api/health`, warm);
    const health = autocannon(`${server.base}/api/health`, { seconds: LOAD_SECONDS });
    const notFound = autocannon(`${server.base}/api/nothing-here`, { seconds: LOAD_SECONDS });
    const monthUrl = `${server.base}/api/v1/experience-log/?month=${month}`;
    const headers = { authorization: `token ${database.seeded}` };
    autocannon(monthUrl, { ...warm, headers });
    const logs = autocannon(monthUrl, { seconds: LOAD_SECONDS, headers });
    const peak = sampler.stop();
    await server.stop();
    if (health.non2xx + logs.non2xx > 0) throw new Error('requests failed under load');
    return [
      row(`${label}: \`npm start\` to the first 200 from /api/health`, npm.startMs, 'ms', [
        '< 2,000 ms',
        npm.startMs < 2000,
      ]),
      row(`${label}: the same through tsx (before)`, tsx.startMs, 'ms'),
      // The memory targets are the embedded database's.
      row(
        `${label}: server RSS after start`,
        npm.rssMb,
        'MB',
        kind === 'pglite' ? ['≤ 300 MB', npm.rssMb <= 300] : undefined,
      ),
      row(`${label}: the same through tsx (before)`, tsx.rssMb, 'MB'),
      row(
        `${label}: server RSS peak under load`,
        peak,
        'MB',
        kind === 'pglite' ? ['≤ 400 MB', peak <= 400] : undefined,
      ),
      row(
        `${label}: /api/health, 64 connections (p99 ${health.p99} ms)`,
        health.requestsPerSecond,
        'req/s',
      ),
      row(
        `${label}: a JSON 404, 64 connections (p99 ${notFound.p99} ms)`,
        notFound.requestsPerSecond,
        'req/s',
      ),
      row(
        `${label}: a month of logs, signed in (p99 ${logs.p99} ms)`,
        logs.requestsPerSecond,
        'req/s',
      ),
    ];
  } finally {
    await database.drop();
  }
}

async function main(): Promise<void> {
  ensureBuilt();
  const rows = [...(await benchKind('pglite')), ...(await benchKind('postgres'))];
  const first = await firstStarts();
  rows.push(
    row(
      'PGlite: first `npm start` on an empty DATA_DIR (creates the database)',
      first.startMs,
      'ms',
    ),
    row('PGlite: server RSS after that first start', first.rssMb, 'MB', [
      '≤ 300 MB',
      first.rssMb <= 300,
    ]),
  );
  reportTable(
    {
      name: 'start',
      title: 'Start and memory',
      script: 'bench:start',
      file: 'bench/start.bench.ts',
      method: `Medians of ${STARTS} starts (3 for the first start); the load figures are autocannon, 64 connections, ${LOAD_SECONDS} s each, on the same machine.`,
    },
    rows,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
