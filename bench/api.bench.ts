// `npm run bench:api [-- --duration 10 --connections 64 --trainees 50 --years 3 --only pglite]`:
// the API throughput benchmark of issue 11. For each database (PostgreSQL when DATABASE_URL is
// set, in a database of its own beside the one named; and PGlite in a temporary DATA_DIR) it
// writes the data set (bench-data.ts), starts the real server (bench/server.ts) and measures,
// with autocannon at 64 connections, a bare Fastify route doing one indexed SELECT on the same
// database and then each hot endpoint, side by side in one run. It prints req/s, p99, the ratio
// to the bare route and the round trips per request beside the targets, compares a trainee
// with 10 logs and one with 10,000, and writes its section of bench/RESULTS.md (between
// `<!-- api:start -->` and `<!-- api:end -->`; the front end's section stays) and, on
// PostgreSQL, the EXPLAIN (ANALYZE, BUFFERS) of each endpoint's queries to its section of
// bench/EXPLAIN.md (with `--out <file>`, an EXPLAIN.md beside it; or `--explain-out <file>`).
// `--endpoints month-logs,pending` measures only those (keys in SCENARIOS),
// `--only postgres|pglite` one database, `--no-history` skips the 10 / 10,000 logs comparison,
// `--no-bounds` the bounds (each endpoint's answer and statements sent by the bare server).
// `--profile` runs the server under `node --cpu-prof` (profiles in bench/profiles/).
import { randomUUID } from 'node:crypto';
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type RawRequest, type Result } from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { createLogPayload } from '../src/shared/logs/log-entry.factory';
import { addDays, monthEnd, monthStart } from '../src/shared/logs/time';
import {
  generateBenchData,
  type BenchManifest,
  type BenchTrainee,
  type BenchUser,
} from './bench-data';
import { provenance, RESULTS_FILE, writeSection } from './results-section';
import type { Statement } from './server';

const DEFAULT_OUT = RESULTS_FILE;
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '64' },
    trainees: { type: 'string', default: '50' },
    years: { type: 'string', default: '3' },
    supervisors: { type: 'string', default: '10' },
    only: { type: 'string' },
    endpoints: { type: 'string' },
    profile: { type: 'boolean', default: false },
    history: { type: 'boolean', default: true },
    'no-history': { type: 'boolean', default: false },
    /** Skips the bare route (a profile of the endpoints alone). */
    'no-bare': { type: 'boolean', default: false },
    /** Skips the bounds (the endpoints' answers and statements sent by the bare server). */
    'no-bounds': { type: 'boolean', default: false },
    out: { type: 'string', default: DEFAULT_OUT },
    /** Where the plans go: bench/EXPLAIN.md, or beside `--out` when that is not the default. */
    'explain-out': { type: 'string' },
  },
});
const EXPLAIN_OUT =
  args['explain-out'] ??
  (args.out === DEFAULT_OUT ? 'bench/EXPLAIN.md' : path.join(path.dirname(args.out), 'EXPLAIN.md'));
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const TARGETS = {
  ratioToBare: 0.5,
  p99Ms: 25,
  pgliteToPostgres: 0.25,
  historyDiff: 0.2,
  pageKb: 50,
};

type Role = 'trainee' | 'supervisor';
type Scenario = {
  key: string;
  name: string;
  role: Role;
  method: 'GET' | 'POST';
  /** The request for the n-th call by this user. */
  path: (m: BenchManifest, user: BenchUser, n: number) => string;
  body?: (m: BenchManifest, user: BenchUser, n: number) => string;
  /** A list: its page must stay within TARGETS.pageKb. */
  isList?: boolean;
  /** Compared between the trainee with 10 logs and the one with 10,000. */
  history?: boolean;
  /** Headers of its own, beside the token and the content type. */
  headers?: () => Record<string, string>;
};

/** Each trainee's POSTs go to days of their own in 1970 onwards, before any logged history. */
const nextDay = new Map<number, number>();
const freshDay = (user: BenchUser) => {
  const n = nextDay.get(user.id) ?? 0;
  nextDay.set(user.id, n + 1);
  return addDays('1970-01-01', n);
};

/** A new log of the trainee's first supervisor record, on a day of its own. */
function createBody(_m: BenchManifest, user: BenchUser): string {
  const record = (user as BenchTrainee).records[0] as number;
  return JSON.stringify(
    createLogPayload({
      supervisor: record,
      trainee_supervisor: record,
      date_of_experience: freshDay(user),
      task: ['A.1', 'B.2'],
    }),
  );
}

const SCENARIOS: Scenario[] = [
  {
    key: 'month-logs',
    name: "the month's logs (GET experience-log?month)",
    role: 'trainee',
    method: 'GET',
    path: (m) => `/api/v1/experience-log/?month=${m.month}`,
    isList: true,
    history: true,
  },
  {
    key: 'validate',
    name: 'month checks (GET validate)',
    role: 'trainee',
    method: 'GET',
    path: (m) => `/api/v1/validate/?month=${m.month}`,
    history: true,
  },
  {
    key: 'accrued',
    name: 'accrued totals (GET get-accrued)',
    role: 'trainee',
    method: 'GET',
    path: (m) =>
      `/api/v1/get-accrued/?from_date=${monthStart(m.month)}&to_date=${monthEnd(m.month)}`,
    history: true,
  },
  {
    key: 'dashboard',
    name: 'dashboard (GET dashboard-api)',
    role: 'trainee',
    method: 'GET',
    path: () => '/api/v1/dashboard-api/',
    history: true,
  },
  {
    key: 'dashboard-table',
    name: 'dashboard table (GET dashboard-table-api)',
    role: 'trainee',
    method: 'GET',
    path: () => '/api/v1/dashboard-table-api/',
    history: true,
  },
  {
    key: 'badges',
    name: 'badges (GET badges-api)',
    role: 'trainee',
    method: 'GET',
    path: () => '/api/v1/badges-api/',
    history: true,
  },
  {
    key: 'get-dates',
    name: "supervisor's calendar (GET get-dates, a month)",
    role: 'supervisor',
    method: 'GET',
    path: (m) =>
      `/api/v1/get-dates/?start_date=${monthStart(m.month)}&end_date=${monthEnd(m.month)}`,
  },
  {
    key: 'pending',
    name: "supervisor's pending list (GET experience-log?status=pending)",
    role: 'supervisor',
    method: 'GET',
    path: () => '/api/v1/experience-log/?status=pending',
    isList: true,
  },
  {
    key: 'day-logs',
    name: "supervisor's day (GET experience-log?date_of_experience)",
    role: 'supervisor',
    method: 'GET',
    path: (m) => `/api/v1/experience-log/?date_of_experience=${m.day}`,
    isList: true,
  },
  // Last: it adds logs (in 1970, out of every other scenario's month and range).
  {
    key: 'create',
    name: 'create a log (POST experience-log)',
    role: 'trainee',
    method: 'POST',
    path: () => '/api/v1/experience-log/',
    body: createBody,
    history: true,
  },
  {
    key: 'create-keyed',
    name: 'create a log with an Idempotency-Key (as the log form sends it)',
    role: 'trainee',
    method: 'POST',
    path: () => '/api/v1/experience-log/',
    body: createBody,
    headers: () => ({ 'idempotency-key': randomUUID() }),
  },
];

type Measure = {
  reqPerSec: number;
  p99: number;
  p50: number;
  bytes: number;
  non2xx: number;
  errors: number;
  /** CPU time per request of the server process and of the PostgreSQL backends, in µs. */
  serverCpuUs: number;
  dbCpuUs: number | null;
};

/** CPU time used so far (µs): the server process's, and its PostgreSQL backends'. */
type CpuProbe = () => Promise<{ server: number; db: number | null }>;

type DbRun = {
  kind: 'postgres' | 'pglite';
  bare: Measure[];
  endpoints: Map<string, Measure & { roundTrips: number | null; sampleBytes: number }>;
  history: Map<string, { light: Measure; heavy: Measure }>;
  /** What the bare server reaches with the endpoint's answer, and with its statements. */
  bounds: Map<string, Bounds>;
  explain: { key: string; text: string }[];
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function startServer(env: Record<string, string>, label: string) {
  const port = await freePort();
  const barePort = await freePort();
  const nodeArgs = ['--import', 'tsx'];
  if (args.profile) {
    // One folder per server (the loader's thread writes a profile too; the largest is the app's).
    const dir = `bench/profiles/${label}-${Date.now()}`;
    mkdirSync(dir, { recursive: true });
    nodeArgs.unshift('--cpu-prof', `--cpu-prof-dir=${dir}`);
  }
  const child = spawn(process.execPath, [...nodeArgs, 'bench/server.ts'], {
    env: { ...process.env, ...env, PORT: String(port), BENCH_BARE_PORT: String(barePort) },
    // The app logs as it would in production (one JSON line per request at info); to nowhere.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const bareUrl = `http://127.0.0.1:${barePort}`;
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      const [a, b] = await Promise.all([fetch(`${url}/api/health`), fetch(`${bareUrl}/queries`)]);
      if (a.ok && b.ok) return { child, url, bareUrl };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('the server did not start');
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

const CLOCK_TICKS = Number(
  (() => {
    try {
      return execSync('getconf CLK_TCK').toString().trim();
    } catch {
      return '100';
    }
  })(),
);

/** CPU time of the server (from the bare server's /cpu) and of the benchmark database's backends. */
function cpuProbe(bareUrl: string, databaseUrl: string | undefined): CpuProbe {
  return async () => {
    const server = ((await (await fetch(`${bareUrl}/cpu`)).json()) as { us: number }).us;
    if (!databaseUrl) return { server, db: null };
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      let ticks = 0;
      for (const { pid } of rows) {
        try {
          // Fields 14 and 15 of /proc/<pid>/stat (after the parenthesised name): utime, stime.
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          ticks += Number(fields[11]) + Number(fields[12]);
        } catch {
          // the backend ended meanwhile
        }
      }
      return { server, db: (ticks * 1e6) / CLOCK_TICKS };
    } finally {
      await client.end();
    }
  };
}

function toMeasure(result: Result, cpu: { server: number; db: number | null }): Measure {
  const requests = Math.max(1, result.requests.total);
  return {
    serverCpuUs: cpu.server / requests,
    dbCpuUs: cpu.db === null ? null : cpu.db / requests,
    reqPerSec: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    bytes:
      result.requests.total > 0
        ? result.throughput.average / Math.max(1, result.requests.average)
        : 0,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** autocannon at CONNECTIONS connections, each request by the next user in turn. */
async function cannon(
  url: string,
  cpu: CpuProbe,
  next: () => { method: string; path: string; headers: Record<string, string>; body?: string },
): Promise<Measure> {
  const run = (duration: number) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      duration,
      timeout: 30,
      requests: [{ setupRequest: (request: RawRequest) => ({ ...request, ...next() }) }],
    });
  if (WARMUP > 0) await run(WARMUP);
  const before = await cpu();
  const result = await run(DURATION);
  const after = await cpu();
  const measure = toMeasure(result, {
    server: after.server - before.server,
    db: after.db === null || before.db === null ? null : after.db - before.db,
  });
  if (measure.non2xx > 0 || measure.errors > 0)
    console.warn(`  ! ${measure.non2xx} non-2xx responses, ${measure.errors} errors`);
  return measure;
}

/** One request as requestFor makes it, sent to the server at `url`. */
function send(url: string, request: ReturnType<ReturnType<typeof requestFor>>): Promise<Response> {
  return fetch(`${url}${request.path}`, {
    method: request.method,
    headers: request.headers,
    ...(request.body ? { body: request.body } : {}),
  });
}

function requestFor(scenario: Scenario, m: BenchManifest, users: readonly BenchUser[]) {
  let n = 0;
  return () => {
    const user = users[n % users.length] as BenchUser;
    const round = Math.floor(n / users.length);
    n += 1;
    const headers: Record<string, string> = { authorization: `token ${user.token}` };
    if (scenario.body) headers['content-type'] = 'application/json';
    Object.assign(headers, scenario.headers?.());
    return {
      method: scenario.method,
      path: scenario.path(m, user, round),
      headers,
      ...(scenario.body ? { body: scenario.body(m, user, round) } : {}),
    };
  };
}

/** A route of the bare server that takes a user id (`bare`, `answer`), each user in turn. */
async function bareRun(
  bareUrl: string,
  cpu: CpuProbe,
  m: BenchManifest,
  route = 'bare',
): Promise<Measure> {
  const ids = [...m.trainees, ...m.supervisors].map((u) => u.id);
  let n = 0;
  return cannon(bareUrl, cpu, () => ({
    method: 'GET',
    path: `/${route}/${ids[n++ % ids.length]}`,
    headers: {},
  }));
}

/** The bare server's figures with an endpoint's answer, and with its statements replayed. */
type Bounds = { answer: Measure; replay: (Measure & { statements: number }) | null };

/** How many of an endpoint's requests are recorded for the replay (as many as connections). */
const REPLAYED = 64;

/**
 * What bounds an endpoint on this machine, measured by the bare server: the bare route's SELECT
 * followed by the endpoint's own answer (what its bytes cost), and the statements recorded from
 * REPLAYED of its requests sent again in turn (what its database work costs, nothing of the app
 * around it). PostgreSQL only: the targets against the bare route are its own, and its statements
 * can be recorded. The actor cache's shared catch-up (`select 1`) is left out of the replay.
 */
async function boundRuns(
  url: string,
  bareUrl: string,
  cpu: CpuProbe,
  m: BenchManifest,
  scenario: Scenario,
  next: ReturnType<typeof requestFor>,
  sample: string,
): Promise<Bounds> {
  await fetch(`${bareUrl}/answer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ answer: sample }),
  });
  const answer = await bareRun(bareUrl, cpu, m, 'answer');
  // A keyed create's statements, replayed, would meet their own key: only its answer is bound.
  if (scenario.headers) return { answer, replay: null };
  const sendNext = async () => {
    await (await send(url, next())).arrayBuffer();
  };
  // First a request by every user (there are fewer than REPLAYED), so that the statements
  // recorded are a signed-in user's under load: their token kept, not looked up.
  for (let i = 0; i < REPLAYED; i += 1) await sendNext();
  const groups: Statement[][] = [];
  for (let i = 0; i < REPLAYED; i += 1) {
    await fetch(`${bareUrl}/record`, { method: 'POST' });
    await sendNext();
    const statements = (await (await fetch(`${bareUrl}/recorded`)).json()) as Statement[];
    groups.push(statements.filter((statement) => statement.text.trim() !== 'select 1'));
  }
  await fetch(`${bareUrl}/replay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ groups }),
  });
  const replay = await cannon(bareUrl, cpu, () => ({
    method: 'GET',
    path: '/replay',
    headers: {},
  }));
  return { answer, replay: { ...replay, statements: mean(groups.map((group) => group.length)) } };
}

/** Statements sent to PostgreSQL per request, over a few sequential requests. */
async function roundTrips(url: string, bareUrl: string, next: ReturnType<typeof requestFor>) {
  const count = async () =>
    ((await (await fetch(`${bareUrl}/queries`)).json()) as { statements: number }).statements;
  const runs = 10;
  let bytes = 0;
  let sample = '';
  // Requests queued by the last load still finish after autocannon stops: wait for quiet.
  let before = await count();
  for (let quiet = 0; quiet < 3;) {
    await sleep(100);
    const now = await count();
    quiet = now === before ? quiet + 1 : 0;
    before = now;
  }
  for (let i = 0; i < runs; i += 1) {
    const request = next();
    const response = await send(url, request);
    const body = await response.arrayBuffer();
    if (!response.ok)
      throw new Error(
        `${request.method} ${request.path}: ${response.status} ${Buffer.from(body).toString()}`,
      );
    if (body.byteLength >= bytes) sample = Buffer.from(body).toString();
    bytes = Math.max(bytes, body.byteLength);
  }
  return { roundTrips: ((await count()) - before) / runs, sampleBytes: bytes, sample };
}

/** EXPLAIN (ANALYZE, BUFFERS) of the statements one request sends (writes rolled back). */
async function explainScenario(
  databaseUrl: string,
  url: string,
  bareUrl: string,
  scenario: Scenario,
  next: ReturnType<typeof requestFor>,
): Promise<string> {
  await fetch(`${bareUrl}/record`, { method: 'POST' });
  const request = next();
  await (await send(url, request)).arrayBuffer();
  const statements = (await (await fetch(`${bareUrl}/recorded`)).json()) as Statement[];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const out = [
    `### ${scenario.name}`,
    '',
    `\`${request.method} ${request.path}\`: ${statements.length} statements`,
    '',
  ];
  try {
    for (const statement of statements) {
      if (/^(begin|commit|rollback)/i.test(statement.text.trim())) {
        out.push('```sql', statement.text, '```', '');
        continue;
      }
      await client.query('begin');
      try {
        const { rows } = await client.query(
          `explain (analyze, buffers) ${statement.text}`,
          statement.values,
        );
        out.push(
          '```sql',
          statement.text,
          `-- values: ${JSON.stringify(statement.values)}`,
          '```',
          '```',
          ...rows.map((row: Record<string, string>) => row['QUERY PLAN'] ?? ''),
          '```',
          '',
        );
      } catch (error) {
        out.push(
          '```sql',
          statement.text,
          '```',
          `(not explained: ${error instanceof Error ? error.message : String(error)})`,
          '',
        );
      } finally {
        await client.query('rollback');
      }
    }
  } finally {
    await client.end();
  }
  return out.join('\n');
}

const cpuText = (m: Measure) =>
  `CPU ${m.serverCpuUs.toFixed(0)} µs server${m.dbCpuUs === null ? '' : ` + ${m.dbCpuUs.toFixed(0)} µs database`} a request`;

function meanMeasure(measures: Measure[]): Measure {
  const avg = (pick: (m: Measure) => number) => mean(measures.map(pick));
  const db = measures.map((m) => m.dbCpuUs);
  return {
    reqPerSec: avg((m) => m.reqPerSec),
    p99: avg((m) => m.p99),
    p50: avg((m) => m.p50),
    bytes: avg((m) => m.bytes),
    non2xx: avg((m) => m.non2xx),
    errors: avg((m) => m.errors),
    serverCpuUs: avg((m) => m.serverCpuUs),
    dbCpuUs: db.some((v) => v === null) ? null : mean(db as number[]),
  };
}

const selected = (key: string) => !args.endpoints || args.endpoints.split(',').includes(key);

async function runDatabase(
  kind: 'postgres' | 'pglite',
  baseUrl: string | undefined,
): Promise<DbRun> {
  const run: DbRun = {
    kind,
    bare: [],
    endpoints: new Map(),
    history: new Map(),
    bounds: new Map(),
    explain: [],
  };
  let env: Record<string, string>;
  let dataDir: string | undefined;
  let benchUrl: string | undefined;
  if (kind === 'postgres') {
    if (!baseUrl) throw new Error('DATABASE_URL is needed for PostgreSQL');
    const name = `bench_api_${process.pid}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(baseUrl);
    target.pathname = `/${name}`;
    benchUrl = target.toString();
    env = { DATABASE_URL: benchUrl };
  } else {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'ft-bench-'));
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  }
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: benchUrl, dataDir });
  const manifest = await generateBenchData(database, {
    trainees: Number(args.trainees),
    years: Number(args.years),
    supervisors: Number(args.supervisors),
  });
  await database.close();
  console.log(
    `\n${kind}: ${manifest.logs} logs of ${manifest.trainees.length} trainees written in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const { child, url, bareUrl } = await startServer(env, kind);
  const cpu = cpuProbe(bareUrl, benchUrl);
  try {
    const usersFor = (role: Role) =>
      role === 'trainee' ? manifest.trainees : manifest.supervisors;
    const bare = async () => {
      if (!args['no-bare']) run.bare.push(await bareRun(bareUrl, cpu, manifest));
    };
    await bare();
    if (run.bare[0])
      console.log(
        `  bare route: ${run.bare[0].reqPerSec.toFixed(0)} req/s, ${cpuText(run.bare[0])}`,
      );
    const scenarios = SCENARIOS.filter((s) => selected(s.key));
    for (const [index, scenario] of scenarios.entries()) {
      const users = usersFor(scenario.role);
      const counted = await roundTrips(url, bareUrl, requestFor(scenario, manifest, users));
      if (kind === 'postgres' && benchUrl)
        run.explain.push({
          key: scenario.key,
          text: await explainScenario(
            benchUrl,
            url,
            bareUrl,
            scenario,
            requestFor(scenario, manifest, users),
          ),
        });
      const measure = await cannon(url, cpu, requestFor(scenario, manifest, users));
      run.endpoints.set(scenario.key, {
        ...measure,
        roundTrips: kind === 'postgres' ? counted.roundTrips : null,
        sampleBytes: counted.sampleBytes,
      });
      console.log(
        `  ${scenario.name}: ${measure.reqPerSec.toFixed(0)} req/s, p99 ${measure.p99} ms, ${cpuText(measure)}, ${counted.roundTrips} statements, ${(counted.sampleBytes / 1024).toFixed(1)} KB`,
      );
      // The targets against the bare route are PostgreSQL's: so are the bounds.
      if (kind === 'postgres' && !args['no-bounds']) {
        const bounds = await boundRuns(
          url,
          bareUrl,
          cpu,
          manifest,
          scenario,
          requestFor(scenario, manifest, users),
          counted.sample,
        );
        run.bounds.set(scenario.key, bounds);
        console.log(
          `    its answer from the bare route: ${bounds.answer.reqPerSec.toFixed(0)} req/s; its statements replayed: ${bounds.replay ? `${bounds.replay.reqPerSec.toFixed(0)} req/s, ${cpuText(bounds.replay)}, ${bounds.replay.statements.toFixed(1)} statements` : '–'}`,
        );
      }
      // The bare route again halfway and at the end: how much the machine drifted meanwhile.
      if (index === Math.floor(scenarios.length / 2) - 1) await bare();
    }
    await bare();
    console.log(`  bare route: ${run.bare.map((b) => b.reqPerSec.toFixed(0)).join(', ')} req/s`);
    if (args.history && !args['no-history']) {
      for (const scenario of scenarios.filter((s) => s.history)) {
        // Alternated twice, so that a drift of the machine falls on both.
        const light: Measure[] = [];
        const heavy: Measure[] = [];
        for (let round = 0; round < 2; round += 1) {
          light.push(await cannon(url, cpu, requestFor(scenario, manifest, [manifest.light])));
          heavy.push(await cannon(url, cpu, requestFor(scenario, manifest, [manifest.heavy])));
        }
        const both = { light: meanMeasure(light), heavy: meanMeasure(heavy) };
        run.history.set(scenario.key, both);
        console.log(
          `  ${scenario.key}: 10 logs ${both.light.reqPerSec.toFixed(0)} req/s (${cpuText(both.light)}), 10,000 logs ${both.heavy.reqPerSec.toFixed(0)} req/s (${cpuText(both.heavy)})`,
        );
      }
    }
  } finally {
    await stopServer(child);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres' && baseUrl) {
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`drop database if exists bench_api_${process.pid}`);
      await admin.end();
    }
  }
  return run;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
/** Whether a target was missed: the benchmark then exits with 1 (`npm run bench` reports it). */
let missed = false;
const mark = (ok: boolean) => {
  if (!ok) missed = true;
  return ok ? 'yes' : '**no**';
};

function report(runs: DbRun[]): string {
  const pgRun = runs.find((r) => r.kind === 'postgres');
  const liteRun = runs.find((r) => r.kind === 'pglite');
  const lines: string[] = [
    '## API benchmark results',
    '',
    ...provenance('bench:api', 'bench/api.bench.ts'),
    `Data: ${args.trainees} trainees × ${args.years} years of weekday logs, ${args.supervisors} supervisors; autocannon ${CONNECTIONS} connections, ${DURATION} s per figure after ${WARMUP} s of warm-up; server, database and autocannon share the machine.`,
    '',
    'The machine is shared (other work runs on the same cores), so absolute figures are noisy: what',
    "matters is each endpoint's ratio to the bare route measured in the same run (the bare route is",
    'measured three times, at the start, halfway and at the end; the ratio uses their mean, and',
    'their spread shows the drift).',
    '',
    `Targets (issue 11): on PostgreSQL ≥ ${TARGETS.ratioToBare} × the bare route and p99 < ${TARGETS.p99Ms} ms; PGlite ≥ ${TARGETS.pgliteToPostgres} × PostgreSQL; a list page ≤ ${TARGETS.pageKb} KB; a trainee with 10,000 logs within ${TARGETS.historyDiff * 100}% of one with 10.`,
    '',
  ];
  const bareOf = (run: DbRun | undefined) => (run ? mean(run.bare.map((b) => b.reqPerSec)) : 0);
  for (const run of [pgRun, liteRun]) {
    if (!run) continue;
    lines.push(
      `Bare route on ${run.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${run.bare.map((b) => `${fmt(b.reqPerSec)} req/s (p99 ${b.p99} ms)`).join(', ')}.`,
    );
  }
  lines.push(
    '',
    '| endpoint | PG req/s | PG p99 ms | × bare | round trips | response KB | PG target met | PGlite req/s | PGlite p99 ms | PGlite × PG | PGlite target met |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const scenario of SCENARIOS) {
    const p = pgRun?.endpoints.get(scenario.key);
    const l = liteRun?.endpoints.get(scenario.key);
    if (!p && !l) continue;
    const ratio = p ? p.reqPerSec / bareOf(pgRun) : NaN;
    const kb = (p ?? l)!.sampleBytes / 1024;
    const pageOk = !scenario.isList || kb <= TARGETS.pageKb;
    const liteRatio = p && l ? l.reqPerSec / p.reqPerSec : NaN;
    lines.push(
      `| ${scenario.name} | ${p ? fmt(p.reqPerSec) : '–'} | ${p ? p.p99 : '–'} | ${p ? fmt(ratio, 2) : '–'} | ${p?.roundTrips ?? '–'} | ${fmt(kb, 1)}${scenario.isList ? (pageOk ? '' : ' (over 50)') : ''} | ${p ? mark(ratio >= TARGETS.ratioToBare && p.p99 < TARGETS.p99Ms && pageOk) : '–'} | ${l ? fmt(l.reqPerSec) : '–'} | ${l ? l.p99 : '–'} | ${p && l ? fmt(liteRatio, 2) : '–'} | ${p && l ? mark(liteRatio >= TARGETS.pgliteToPostgres) : '–'} |`,
    );
  }
  // CPU time a request costs the server and its database: unlike req/s, it hardly moves with
  // what else the shared machine runs, so its ratio to the bare route's is the steadier figure.
  const cpuOf = (m: Measure) => m.serverCpuUs + (m.dbCpuUs ?? 0);
  for (const run of [pgRun, liteRun]) {
    if (!run || run.bare.length === 0 || run.endpoints.size === 0) continue;
    const bareCpu = mean(run.bare.map(cpuOf));
    lines.push(
      '',
      `CPU time a request costs (${run.kind === 'postgres' ? 'PostgreSQL: the server process and its database backends' : 'PGlite: the server process, database included'}), µs; the bare route: ${fmt(bareCpu)}. "× bare by CPU" is the bare route's cost over the endpoint's: the throughput ratio the two would have on a machine of their own.`,
      '',
      '| endpoint | server µs | database µs | × bare by CPU |',
      '|---|---|---|---|',
    );
    for (const scenario of SCENARIOS) {
      const e = run.endpoints.get(scenario.key);
      if (!e) continue;
      lines.push(
        `| ${scenario.name} | ${fmt(e.serverCpuUs)} | ${e.dbCpuUs === null ? '–' : fmt(e.dbCpuUs)} | ${fmt(bareCpu / cpuOf(e), 2)} |`,
      );
    }
  }
  if (pgRun && pgRun.bounds.size > 0) {
    const bare = bareOf(pgRun);
    lines.push(
      '',
      `What bounds each endpoint (PostgreSQL), req/s over the bare route's: the bare server sending the endpoint's answer after its own SELECT (what the bytes cost), and sending the statements recorded from ${REPLAYED} of the endpoint's requests, in turn, answering the last one's rows (what its database work costs, nothing of the app around it). An endpoint that sends these statements and this answer can hardly pass the lower of the two.`,
      '',
      '| endpoint | response KB | its answer × bare | statements a request | its statements × bare | the endpoint × bare | endpoint over its statements |',
      '|---|---|---|---|---|---|---|',
    );
    for (const scenario of SCENARIOS) {
      const b = pgRun.bounds.get(scenario.key);
      const e = pgRun.endpoints.get(scenario.key);
      if (!b || !e) continue;
      lines.push(
        `| ${scenario.name} | ${fmt(e.sampleBytes / 1024, 1)} | ${fmt(b.answer.reqPerSec / bare, 2)} | ${b.replay ? fmt(b.replay.statements, 1) : '–'} | ${b.replay ? fmt(b.replay.reqPerSec / bare, 2) : '–'} | ${fmt(e.reqPerSec / bare, 2)} | ${b.replay ? fmt(e.reqPerSec / b.replay.reqPerSec, 2) : '–'} |`,
      );
    }
  }
  for (const run of [pgRun, liteRun]) {
    if (!run || run.history.size === 0) continue;
    lines.push(
      '',
      `History (${run.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}): the same 10 logs in the month asked about; the second trainee also has 9,990 older ones.`,
      '',
      '| endpoint | 10 logs req/s | 10,000 logs req/s | difference | p99 10 / 10,000 ms | < 20% | CPU µs 10 / 10,000 | CPU difference |',
      '|---|---|---|---|---|---|---|---|',
    );
    for (const scenario of SCENARIOS) {
      const h = run.history.get(scenario.key);
      if (!h) continue;
      const diff = Math.abs(h.light.reqPerSec - h.heavy.reqPerSec) / h.light.reqPerSec;
      lines.push(
        `| ${scenario.name} | ${fmt(h.light.reqPerSec)} | ${fmt(h.heavy.reqPerSec)} | ${fmt(diff * 100, 1)}% | ${h.light.p99} / ${h.heavy.p99} | ${mark(diff < TARGETS.historyDiff)} | ${fmt(cpuOf(h.light))} / ${fmt(cpuOf(h.heavy))} | ${fmt((Math.abs(cpuOf(h.heavy) - cpuOf(h.light)) * 100) / cpuOf(h.light), 1)}% |`,
      );
    }
  }
  lines.push('');
  return lines.join('\n');
}

async function main(): Promise<void> {
  const only = args.only;
  const runs: DbRun[] = [];
  const baseUrl = process.env.DATABASE_URL || undefined;
  if ((!only || only === 'postgres') && baseUrl) runs.push(await runDatabase('postgres', baseUrl));
  else if (!baseUrl) console.log('DATABASE_URL is not set: PostgreSQL is skipped.');
  if (!only || only === 'pglite') runs.push(await runDatabase('pglite', undefined));
  const text = report(runs);
  console.log(`\n${text}`);
  process.exitCode = missed ? 1 : 0;
  // Its own section only: the front end's figures and any other section stay.
  writeSection(args.out, 'api', text);
  const pgRun = runs.find((r) => r.kind === 'postgres');
  // One section per endpoint: a run of some endpoints (--endpoints) leaves the others' plans.
  for (const { key, text: plan } of pgRun?.explain ?? [])
    writeSection(
      EXPLAIN_OUT,
      `explain:${key}`,
      `${plan}\n\n(Written by \`npm run bench:api\` on PostgreSQL with the benchmark's data set, ${new Date().toISOString()}.)`,
    );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
