// API benchmarks over real HTTP on an embedded (or DATABASE_URL) database with generated data.
// Run: `npm run bench` (PGlite) or `DATABASE_URL=postgres://… npm run bench`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createMailer } from '../src/server/adapters/mail/mailer';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { loadConfig } from '../src/server/env';
import { createLogPayload } from '../src/shared/logs/log-entry.factory';
import { addDays } from '../src/shared/logs/time';
import { createSupervisor, createTrainee } from '../tests/helpers/factories';
import { insertDailyLogs, insertSupervisorRecord } from '../tests/helpers/log-factory';

type Result = { name: string; runs: number; p50: number; p95: number; max: number };

async function measure(
  name: string,
  runs: number,
  fn: (i: number) => Promise<void>,
): Promise<Result> {
  await fn(-1); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { name, runs, p50: at(0.5), p95: at(0.95), max: times[times.length - 1] ?? 0 };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ft-bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    CLIENT_DIST: '.tmp/no-client',
  });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  const mailer = createMailer({
    smtpUrl: undefined,
    from: config.MAIL_FROM,
    print: () => undefined,
  });
  const app = await buildApp({ config, database, mailer, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const { db } = database;
  const call = async (token: string, url: string, init: RequestInit = {}) => {
    const response = await fetch(`${address}${url}`, {
      ...init,
      headers: {
        authorization: `token ${token}`,
        'content-type': 'application/json',
        ...init.headers,
      },
    });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  };
  const results: Result[] = [];
  const today = new Date().toISOString().slice(0, 10);

  // A trainee with 2,000 logs (daily, ending yesterday).
  const trainee = await createTrainee(db);
  const record = await insertSupervisorRecord(db, trainee.id);
  await insertDailyLogs(db, {
    traineeId: trainee.id,
    traineeSupervisorId: record,
    firstDate: addDays(today, -2001),
    count: 2000,
    taskIds: ['A.1', 'B.3', 'G.4'],
  });
  const logPage = [
    '/api/v1/validate/',
    '/api/v1/get-accrued/',
    '/api/v1/trainee-supervisors/',
    '/api/v1/expereince-type/',
    '/api/v1/setting/',
    '/api/v1/supervision-contact/',
    '/api/v1/task/?version=v6',
  ];
  results.push(
    await measure('log page: its 7 API calls in parallel (2,000 logs)', 50, () =>
      Promise.all(logPage.map((url) => call(trainee.token, url))).then(() => undefined),
    ),
  );
  for (const url of logPage)
    results.push(await measure(`  ${url}`, 30, () => call(trainee.token, url)));
  results.push(
    await measure('list all 2,000 logs (GET experience-log)', 20, () =>
      call(trainee.token, '/api/v1/experience-log/'),
    ),
  );
  results.push(
    await measure('save an entry (POST experience-log, 2,000 existing)', 50, (i) =>
      call(trainee.token, '/api/v1/experience-log/', {
        method: 'POST',
        body: JSON.stringify(
          createLogPayload({ supervisor: record, date_of_experience: addDays(today, -2100 - i) }),
        ),
      }),
    ),
  );

  // Three years of daily logs for the dashboard.
  const veteran = await createTrainee(db);
  const veteranRecord = await insertSupervisorRecord(db, veteran.id);
  await insertDailyLogs(db, {
    traineeId: veteran.id,
    traineeSupervisorId: veteranRecord,
    firstDate: addDays(today, -3 * 365),
    count: 3 * 365,
    taskIds: ['A.1', 'C.2', 'F.5'],
  });
  const dashboard = [
    '/api/v1/dashboard-api/',
    '/api/v1/dashboard-table-api/',
    '/api/v1/badges-api/',
  ];
  results.push(
    await measure('dashboard: its 3 API calls in parallel (3 years of daily logs)', 50, () =>
      Promise.all(dashboard.map((url) => call(veteran.token, url))).then(() => undefined),
    ),
  );
  results.push(
    await measure('task grid data (get-trainee-task, 3 years)', 50, () =>
      call(veteran.token, '/api/v1/get-trainee-task/'),
    ),
  );
  results.push(
    await measure('CSV export of 3 years (1,095 rows)', 20, () =>
      call(veteran.token, '/api/v1/download-experience-log/', { method: 'POST', body: '{}' }),
    ),
  );

  // A supervisor with 50 trainees, each logging every weekday of the last 90 days.
  const supervisor = await createSupervisor(db);
  for (let i = 0; i < 50; i += 1) {
    const someone = await createTrainee(db);
    const link = await insertSupervisorRecord(db, someone.id, { supervisorUserId: supervisor.id });
    await insertDailyLogs(db, {
      traineeId: someone.id,
      traineeSupervisorId: link,
      firstDate: addDays(today, -90),
      count: 90,
    });
  }
  const month = today.slice(0, 7);
  results.push(
    await measure('calendar: get-dates for a month (50 trainees)', 50, () =>
      call(
        supervisor.token,
        `/api/v1/get-dates/?start_date=${month}-01&end_date=${addDays(`${month}-01`, 30)}`,
      ),
    ),
  );
  results.push(
    await measure('day list: one day of 50 trainees (GET experience-log?date)', 50, () =>
      call(supervisor.token, `/api/v1/experience-log/?date_of_experience=${addDays(today, -3)}`),
    ),
  );
  results.push(
    await measure('trainees list (all-trainee, 50 trainees)', 50, () =>
      call(supervisor.token, '/api/v1/all-trainee/'),
    ),
  );

  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log(
    `\nFieldwork Tracker API benchmark (${config.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}), ${new Date().toISOString()}`,
  );
  console.log('| scenario | runs | p50 | p95 | max |\n|---|---|---|---|---|');
  for (const r of results)
    console.log(`| ${r.name} | ${r.runs} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.max)} |`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
