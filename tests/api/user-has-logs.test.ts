import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../helpers/accounts';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { insertDailyLogs, insertSupervisorRecord } from '../helpers/log-factory';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * The user's `has_logs` (issue 36 "the welcome panel comes back on a new browser for a trainee
 * with 214 logs"): the log screen's welcome is for a first visit, so a new browser must know,
 * from the sign-in's answer itself, whether the trainee has ever logged.
 */

let t: TestApp;
let newTrainee: TestUser;
let loggingTrainee: TestUser;
let supervisor: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  newTrainee = await createTrainee(t.db);
  loggingTrainee = await createTrainee(t.db);
  supervisor = await createSupervisor(t.db);
  const record = await insertSupervisorRecord(t.db, loggingTrainee.id);
  await insertDailyLogs(t.db, {
    traineeId: loggingTrainee.id,
    traineeSupervisorId: record,
    firstDate: '2026-11-02',
    count: 214,
  });
});
afterAll(async () => t.close());

const profileOf = async (user: TestUser) => {
  const response = await t.request({ method: 'GET', url: '/users/profile/', token: user.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: { id: number; has_logs: boolean }[] }>().results[0];
};
const signInAnswer = async (user: TestUser, isSupervisor: boolean) => {
  const response = await logIn(t, {
    username: user.email,
    password: user.password,
    is_supervisor: isSupervisor,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ user: { id: number; has_logs: boolean } }>().user;
};

describe('has_logs on the signed-in user', () => {
  it('is true in the sign-in answer and the profile of a trainee with 214 logs', async () => {
    expect(await signInAnswer(loggingTrainee, false)).toMatchObject({
      id: loggingTrainee.id,
      has_logs: true,
    });
    expect(await profileOf(loggingTrainee)).toMatchObject({ has_logs: true });
  });

  it('is false for a trainee who has never logged, and for a supervisor', async () => {
    expect(await signInAnswer(newTrainee, false)).toMatchObject({ has_logs: false });
    expect(await profileOf(newTrainee)).toMatchObject({ has_logs: false });
    expect(await signInAnswer(supervisor, true)).toMatchObject({ has_logs: false });
  });

  it('stays true once the trainee’s only log is deleted: it is no longer a first visit', async () => {
    const trainee = await createTrainee(t.db);
    const record = await insertSupervisorRecord(t.db, trainee.id);
    const [logId] = await insertDailyLogs(t.db, {
      traineeId: trainee.id,
      traineeSupervisorId: record,
      firstDate: '2026-11-02',
      count: 1,
    });
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/v1/experience-log/${logId}/`,
      token: trainee.token,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await profileOf(trainee)).toMatchObject({ has_logs: true });
  });
});
