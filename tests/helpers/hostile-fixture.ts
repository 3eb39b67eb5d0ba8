import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { experienceLogs, traineeSupervisors } from '../../src/server/db/schema';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import type { LogEntryWire } from '../../src/shared/logs/log-entry.schema';
import { createSupervisor, createTrainee, type TestUser } from './factories';
import { answerRequestFrom } from './link-requests';
import { createTestApp, type TestApp } from './test-app';

export const LOGS = '/api/v1/experience-log/';
export const SUPERVISORS = '/api/v1/trainee-supervisors/';

export type HostileFixture = {
  t: TestApp;
  trainee: TestUser;
  /** Linked to the trainee through `recordId`. */
  supervisor: TestUser;
  recordId: number;
  logId: number;
  /** A valid log payload naming the trainee's supervisor record. */
  logPayload: (overrides?: Partial<LogEntryWire>) => LogEntryWire;
  logCount: () => Promise<number>;
  supervisorRecordCount: () => Promise<number>;
};

/** A trainee with one supervisor record (linked to a supervisor account) and one log. */
export async function createHostileFixture(): Promise<HostileFixture> {
  const t = await createTestApp();
  t.clock.now = new Date('2026-03-20T15:00:00Z');
  const trainee = await createTrainee(t.db, { name: 'Tara Trainee' });
  const supervisor = await createSupervisor(t.db);
  const record = await t.request({
    method: 'POST',
    url: SUPERVISORS,
    token: trainee.token,
    payload: { name: 'Dana', lastname: 'Reyes', email: supervisor.email },
  });
  expect(record.statusCode).toBe(201);
  await answerRequestFrom(t, supervisor, trainee.email);
  const recordId = record.json<{ id: number }>().id;
  const logPayload = (overrides: Partial<LogEntryWire> = {}) =>
    createLogPayload({ supervisor: recordId, trainee_supervisor: recordId, ...overrides });
  const log = await t.request({
    method: 'POST',
    url: LOGS,
    token: trainee.token,
    payload: logPayload(),
  });
  expect(log.statusCode).toBe(201);
  const countOf = async (table: typeof experienceLogs | typeof traineeSupervisors) => {
    const [row] = await t.db
      .select({ n: count() })
      .from(table)
      .where(eq(table.traineeId, trainee.id));
    return row?.n ?? 0;
  };
  return {
    t,
    trainee,
    supervisor,
    recordId,
    logId: log.json<{ id: number }>().id,
    logPayload,
    logCount: () => countOf(experienceLogs),
    supervisorRecordCount: () => countOf(traineeSupervisors),
  };
}
