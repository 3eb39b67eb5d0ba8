import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { experienceLogs } from '../../src/server/db/schema';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import { addDays } from '../../src/shared/logs/time';
import {
  DATABASE_BUSY,
  DATABASE_DOWN,
  RETRY_AFTER_SECONDS,
} from '../../src/server/plugins/error-handler';
import { createTrainee, type TestUser } from '../helpers/factories';
import { startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres';
import { createTestApp, type TestApp } from '../helpers/test-app';

// PostgreSQL only (PGlite lives in the process and cannot go away): a cluster of this file's
// own, stopped and started under the app's feet.
let cluster: PrivatePostgres;
beforeAll(async () => {
  cluster = await startPrivatePostgres();
});
afterAll(async () => {
  await cluster.destroy();
});

type Answer = {
  status: number;
  body: unknown;
  retryAfter: unknown;
  at: 'before' | 'down' | 'after';
};

/** Resolves once `condition` holds, checking it every few milliseconds (a state, not a time). */
async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > 60_000) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function appOn(limits: Parameters<typeof openDatabase>[0]['pool']): Promise<TestApp> {
  const database: Database = await openDatabase({ databaseUrl: cluster.url, pool: limits });
  return createTestApp({}, { database });
}

describe('PostgreSQL stopped and restarted under load', () => {
  let t: TestApp;
  let trainee: TestUser;
  let record: number;
  beforeAll(async () => {
    t = await appOn({ max: 4, connectTimeoutMs: 2_000, statementTimeoutMs: 5_000 });
    trainee = await createTrainee(t.db);
    const added = await t.request({
      method: 'POST',
      url: '/api/v1/trainee-supervisors/',
      token: trainee.token,
      payload: { name: 'Load', lastname: 'Test', email: 'load@example.com' },
    });
    expect(added.statusCode, added.body).toBe(201);
    record = added.json<{ id: number }>().id;
  });
  afterAll(() => t.close());

  // The load is logs, one a day back from 2026 (a trainee may try only 10 supervisor emails a
  // day, issue 36, so records would be refused with 429 under load).
  it('answers 503 with Retry-After while it is down, loses no acknowledged write, and recovers', async () => {
    const answers: Answer[] = [];
    let phase: Answer['at'] = 'before';
    let isLoading = true;
    let sequence = 0;
    const worker = async () => {
      while (isLoading) {
        sequence += 1;
        const response = await t.request({
          method: 'POST',
          url: '/api/v1/experience-log/',
          token: trainee.token,
          payload: createLogPayload({
            supervisor: record,
            trainee_supervisor: record,
            date_of_experience: addDays('2026-03-01', -sequence),
          }),
        });
        answers.push({
          status: response.statusCode,
          body: response.json(),
          retryAfter: response.headers['retry-after'],
          // When the answer came: none acknowledged between the stop and the start.
          at: phase,
        });
      }
    };
    const load = Promise.all([worker(), worker(), worker(), worker()]);
    const count = (at: Answer['at'], status: number) =>
      answers.filter((answer) => answer.at === at && answer.status === status).length;

    await until(() => count('before', 201) >= 5, 'writes before the outage');
    await cluster.stop();
    phase = 'down';
    await until(() => count('down', 503) >= 5, '503s during the outage');
    const health = await t.request({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    phase = 'after';
    await cluster.start();
    // Recovered without a restart: the same app, the same pool, writing again.
    await until(() => count('after', 201) >= 5, 'writes after the restart');
    isLoading = false;
    await load;

    for (const answer of answers) {
      expect([201, 503]).toContain(answer.status);
      if (answer.status === 503) {
        expect(answer.body).toEqual({ detail: DATABASE_DOWN, code: 'UNAVAILABLE' });
        expect(answer.retryAfter).toBe(String(RETRY_AFTER_SECONDS));
      }
    }
    // During the outage nothing was acknowledged.
    expect(count('down', 201)).toBe(0);
    const acknowledged = answers
      .filter((answer) => answer.status === 201)
      .map((answer) => (answer.body as { id: number }).id);
    const stored = await t.db
      .select({ id: experienceLogs.id })
      .from(experienceLogs)
      .where(inArray(experienceLogs.id, acknowledged));
    expect(stored.map((row) => row.id).sort((a, b) => a - b)).toEqual(
      [...acknowledged].sort((a, b) => a - b),
    );
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 90_000);
});

describe('a pool exhausted by slow queries', () => {
  const STATEMENT_TIMEOUT_MS = 3_000;
  let t: TestApp;
  let trainee: TestUser;
  beforeAll(async () => {
    t = await appOn({ max: 2, connectTimeoutMs: 300, statementTimeoutMs: STATEMENT_TIMEOUT_MS });
    trainee = await createTrainee(t.db);
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After when no connection frees up in time, and cancels the slow queries', async () => {
    // Two statements that would run for a minute hold both connections of the pool.
    const slow = [1, 2].map(() =>
      t.db.execute(sql`select pg_sleep(60)`).then(
        () => 'finished',
        (error: unknown) => error,
      ),
    );
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await until(async () => {
      const { rows } = await admin.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where query = 'select pg_sleep(60)' and state = 'active'`,
      );
      return rows[0]?.n === 2;
    }, 'both slow queries to run');
    await admin.end();

    const waiting = await t.request({
      method: 'GET',
      url: '/api/v1/trainee-supervisors/',
      token: trainee.token,
    });
    expect(waiting.statusCode).toBe(503);
    expect(waiting.json()).toEqual({ detail: DATABASE_BUSY, code: 'UNAVAILABLE' });
    expect(waiting.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));

    // statement_timeout ends the slow queries; the pool serves requests again.
    for (const outcome of await Promise.all(slow)) {
      // drizzle's error wraps the driver's, which carries the SQLSTATE (query_canceled).
      const cause = outcome instanceof Error ? outcome.cause : undefined;
      expect(cause instanceof Error ? Reflect.get(cause, 'code') : outcome).toBe('57014');
    }
    const served = await t.request({
      method: 'GET',
      url: '/api/v1/trainee-supervisors/',
      token: trainee.token,
    });
    expect(served.statusCode).toBe(200);
  }, 60_000);
});
