import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { experienceLogs, logHistory, logTasks } from '../../src/server/db/schema';
import type { PausePoint } from '../../src/server/plugins/pause-points';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import {
  freePort,
  startServer,
  waitForHealth,
  type RunningProcess,
} from '../helpers/server-process';
import { createPostgresTestDatabase, openPgliteTestDataDir } from '../helpers/test-database';

/**
 * A server process killed (SIGKILL) in the middle of a multi-step change, held there by a pause
 * point inside the change's transaction: started again on the same database (or the database
 * opened by the test), the change is not there at all. On the database TEST_DATABASE names.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'ft-crash-'));
let databaseEnv: Record<string, string> = {};
let dropDatabase: () => Promise<void> = async () => undefined;
let trainee: TestUser;
let supervisor: TestUser;
let server: RunningProcess | undefined;
let port: number;

beforeAll(async () => {
  const target =
    process.env.TEST_DATABASE === 'postgres'
      ? await createPostgresTestDatabase()
      : { url: undefined, drop: async () => undefined };
  dropDatabase = target.drop;
  if (target.url) databaseEnv = { DATABASE_URL: target.url };
  const database = target.url
    ? await openDatabase({ databaseUrl: target.url, migrate: false })
    : await openPgliteTestDataDir(dataDir);
  trainee = await createTrainee(database.db, { name: 'Cora Crash' });
  supervisor = await createSupervisor(database.db, { name: 'Sid Supervisor' });
  await database.close();
  port = await freePort();
  await start();
}, 120_000);
afterAll(async () => {
  if (server) {
    server.child.kill('SIGTERM');
    await server.exit;
  }
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<void> {
  server = startServer(dataDir, port, {
    NODE_ENV: 'test',
    TEST_HOOKS: 'true',
    LOG_LEVEL: 'warn',
    ...databaseEnv,
  });
  const health = await waitForHealth(port);
  expect(health.status).toBe(200);
}

async function send(user: TestUser | undefined, method: string, path: string, body?: unknown) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      ...(user ? { authorization: `token ${user.token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** Sends `request` with `point` armed, waits until the request is held there, then kills it. */
async function killDuring(point: PausePoint, request: () => Promise<unknown>): Promise<void> {
  expect((await send(undefined, 'POST', '/api/test/pause-point', { point })).status).toBe(200);
  const held = request().catch(() => 'connection lost');
  for (;;) {
    const { body } = await send(undefined, 'GET', '/api/test/pause-point');
    if ((body as { reached: string[] }).reached.includes(point)) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  server?.child.kill('SIGKILL');
  expect(await server?.exit).toBeNull();
  expect(await held).toBe('connection lost');
}

let recordId: number | undefined;

/** The trainee's log with `note`, under their record of the supervisor (added once). */
async function createLog(note: string, date: string): Promise<number> {
  if (recordId === undefined) {
    const record = await send(trainee, 'POST', '/api/v1/trainee-supervisors/', {
      name: 'Sid',
      lastname: 'Supervisor',
      email: supervisor.email,
    });
    expect(record.status).toBe(201);
    recordId = (record.body as { id: number }).id;
    // The supervisor accepts the trainee's request (issue 36).
    const requests = await send(supervisor, 'GET', '/api/v1/link-requests/');
    const [request] = (requests.body as { results: { id: number }[] }).results;
    const accepted = await send(supervisor, 'POST', `/api/v1/link-requests/${request?.id}/accept/`);
    expect(accepted.status).toBe(200);
  }
  const created = await send(trainee, 'POST', '/api/v1/experience-log/', logPayload(note, date));
  expect(created).toMatchObject({ status: 201 });
  return (created.body as { id: number }).id;
}

const logPayload = (note: string, date: string, task = ['A.1', 'B.2']) =>
  createLogPayload({
    supervisor: recordId,
    trainee_supervisor: recordId,
    date_of_experience: date,
    experience_note: note,
    task,
  });

type LogView = { status: string; experience_note: string; task: { id: string }[] };
const readLog = async (id: number) =>
  (await send(trainee, 'GET', `/api/v1/experience-log/${id}/`)).body as LogView;
const historyActions = async (id: number) => {
  const history = await send(supervisor, 'GET', `/api/v1/experience-log/${id}/history/`);
  return (history.body as { results: { action: string }[] }).results.map((entry) => entry.action);
};

describe('a crash in the middle of a multi-step change', () => {
  it('leaves an approval undone, with no history row, and the log can be approved after the restart', async () => {
    const logId = await createLog('Approval interrupted', '2026-03-05');
    await killDuring('approve-log:before-history', () =>
      send(supervisor, 'POST', '/api/v1/flag-log/', { log_id: logId, is_approved: true }),
    );
    await start();

    expect((await readLog(logId)).status).toBe('pending');
    expect(await historyActions(logId)).toEqual(['create']);
    const approved = await send(supervisor, 'POST', '/api/v1/flag-log/', {
      log_id: logId,
      is_approved: true,
    });
    expect(approved.status).toBe(200);
    expect((await readLog(logId)).status).toBe('approved');
    expect((await historyActions(logId)).sort()).toEqual(['approve', 'create']);
  }, 120_000);

  it('leaves an edit undone: the log, its tasks and its history as they were', async () => {
    const logId = await createLog('Before the edit', '2026-03-06');
    const before = await readLog(logId);
    await killDuring('update-log:before-tasks', () =>
      send(trainee, 'PUT', `/api/v1/experience-log/${logId}/`, {
        id: logId,
        log: logPayload('After the edit', '2026-03-06', ['C.3']),
      }),
    );

    // The tables themselves, read straight from the database the killed process left.
    const database = await openDatabase({ databaseUrl: databaseEnv.DATABASE_URL, dataDir });
    try {
      const [log] = await database.db
        .select({ note: experienceLogs.experienceNote, status: experienceLogs.status })
        .from(experienceLogs)
        .where(eq(experienceLogs.id, logId));
      expect(log).toEqual({ note: 'Before the edit', status: 'pending' });
      const tasks = await database.db
        .select({ taskId: logTasks.taskId })
        .from(logTasks)
        .where(eq(logTasks.logId, logId))
        .orderBy(logTasks.position);
      expect(tasks.map((task) => task.taskId)).toEqual(before.task.map((task) => task.id));
      const history = await database.db
        .select({ action: logHistory.action })
        .from(logHistory)
        .where(eq(logHistory.logId, logId));
      expect(history).toEqual([{ action: 'create' }]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
