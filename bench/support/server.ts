// What the start and export benchmarks share: a database of either kind filled before the server
// opens it, the built server as a real process, its resident memory, autocannon, medians.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Db } from '../../src/server/db/client';
import { freePort } from '../../tests/helpers/server-process';
import { provenance, RESULTS_FILE, writeSection } from '../results-section';

export type DatabaseKind = 'pglite' | 'postgres';

/** The PostgreSQL server benchmarks make their own databases on (never dropping its own). */
export const BENCH_POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type BenchDatabase = {
  kind: DatabaseKind;
  /** What a server process needs to open it. */
  env: Record<string, string>;
  drop: () => Promise<void>;
};

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: BENCH_POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * A new, migrated database of `kind`, filled by `seed`, analyzed (as autovacuum, or PGlite's
 * maintenance, would have it by the time anyone asks) and closed again, so that a server process
 * can open it (PGlite is one process's own). PostgreSQL: `ft_bench_<name>_<pid>` on
 * BENCH_POSTGRES_URL's server.
 */
export async function benchDatabase<T>(
  kind: DatabaseKind,
  name: string,
  seed: (db: Db) => Promise<T>,
): Promise<BenchDatabase & { seeded: T }> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), `ft-bench-${name}-`));
    const database = await openDatabase({ dataDir });
    const seeded = await seed(database.db);
    await database.db.execute(sql`analyze`);
    await database.close();
    return {
      kind,
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      seeded,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = `ft_bench_${name}_${process.pid}`;
  await adminQuery(`drop database if exists ${database}`);
  await adminQuery(`create database ${database}`);
  const url = new URL(BENCH_POSTGRES_URL);
  url.pathname = `/${database}`;
  const opened = await openDatabase({ databaseUrl: url.toString() });
  const seeded = await seed(opened.db);
  await opened.db.execute(sql`analyze`);
  await opened.close();
  const dataDir = mkdtempSync(path.join(tmpdir(), `ft-bench-${name}-`));
  return {
    kind,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    seeded,
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await adminQuery(`drop database if exists ${database} with (force)`);
    },
  };
}

/** Resident memory of a process, in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** CPU time (user + system) a process has used, in ms (Linux /proc, 10 ms steps). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The process that serves: the deepest descendant of `pid` (npm → sh → node), or `pid`. */
function serverPid(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
  const child = Number(children[0]);
  return child ? serverPid(child) : pid;
}

export type RunningServer = {
  base: string;
  /** From spawn to the first 200 from /api/health. */
  startMs: number;
  /** The pid of the node process that serves (under `npm start`, npm's grandchild). */
  pid: number;
  stop: () => Promise<void>;
};

/**
 * Spawns `command` (default: the built server, `node dist/server/main.js`) in its own process
 * group and times it until /api/health first answers 200.
 */
export async function startServer(
  env: Record<string, string>,
  command: string[] = [process.execPath, 'dist/server/main.js'],
): Promise<RunningServer> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(command[0] ?? process.execPath, command.slice(1), {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CLIENT_DIST: '.tmp/no-client',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited ${child.exitCode}`);
    const response = await fetch(`${base}/api/health`).catch(() => undefined);
    if (response?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const startMs = performance.now() - started;
  const groupId = child.pid ?? 0;
  return {
    base,
    startMs,
    pid: serverPid(groupId),
    stop: async () => {
      process.kill(-groupId, 'SIGTERM');
      await exited;
    },
  };
}

export type LoadResult = { requestsPerSecond: number; p99: number; non2xx: number };

/** autocannon (its CLI, in a process of its own) against `url`. */
export function autocannon(
  url: string,
  options: { connections?: number; seconds?: number; headers?: Record<string, string> } = {},
): LoadResult {
  const args = [
    'node_modules/autocannon/autocannon.js',
    '-j',
    '-c',
    String(options.connections ?? 64),
    '-d',
    String(options.seconds ?? 10),
    ...Object.entries(options.headers ?? {}).flatMap(([key, value]) => ['-H', `${key}=${value}`]),
    url,
  ];
  const run = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`autocannon failed: ${run.stderr}`);
  const result = JSON.parse(run.stdout) as {
    requests: { average: number };
    latency: { p99: number };
    non2xx: number;
  };
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/** Samples `pid`'s resident memory every `everyMs` until stopped; returns the peak. */
export function sampleRss(pid: number, everyMs = 20): { stop: () => number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, rssMb(pid));
    },
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** One line of a result table: the figure, and its target and whether it is met (if it has one). */
/** Whether a row so far had a target it missed (the benchmark then exits with 1). */
let missed = false;
export const anyTargetMissed = () => missed;

export function row(name: string, value: number, unit: string, target?: [string, boolean]) {
  const figure = `${value < 10 ? value.toFixed(2) : Math.round(value)} ${unit}`;
  const [goal, isMet] = target ?? ['', undefined];
  if (isMet === false) missed = true;
  return `| ${name} | ${figure} | ${goal} | ${isMet === undefined ? '' : isMet ? 'met' : 'NOT met'} |`;
}

export const TABLE_HEAD = '| figure | median | target | |\n|---|---|---|---|';

/**
 * Prints a benchmark's table of `row`s and writes it as its section of bench/RESULTS.md, under
 * its title, provenance and a line on how it was measured; a missed target makes the exit code 1.
 */
export function reportTable(
  section: { name: string; title: string; script: string; file: string; method: string },
  rows: string[],
): void {
  const text = [
    `## ${section.title}`,
    '',
    ...provenance(section.script, section.file),
    section.method,
    '',
    TABLE_HEAD,
    ...rows,
  ].join('\n');
  console.log(`\n${text}`);
  writeSection(RESULTS_FILE, section.name, text);
  process.exitCode = anyTargetMissed() ? 1 : 0;
}

/** Builds the server bundle when it is missing or stale (`npm start` does the same). */
export function ensureBuilt(): void {
  const run = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error('the build failed');
}
