import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema';
import { expectNoInternals, signUp, traineeSignup, UNAUTHENTICATED } from '../helpers/accounts';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * Each account's time zone (issue 36 "Days are counted in UTC"): reported by the browser at
 * sign-up or after sign-in, changed on the profile, always the caller's own; an unknown zone is
 * refused with a field message and changes nothing.
 */

let t: TestApp;
let trainee: TestUser;
let otherTrainee: TestUser;
let supervisor: TestUser;
// 21:30 on 30 November in New York, already 1 December in UTC.
const EVENING_IN_NEW_YORK = new Date('2026-12-01T02:30:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = EVENING_IN_NEW_YORK;
  const at = EVENING_IN_NEW_YORK;
  trainee = await createTrainee(t.db, { at });
  otherTrainee = await createTrainee(t.db, { at });
  supervisor = await createSupervisor(t.db, { at });
});
afterAll(async () => t.close());

const putZone = (token: string | undefined, payload: unknown) =>
  t.request({ method: 'PUT', url: '/api/v1/time-zone/', token, payload: payload as object });
const storedZone = async (user: TestUser) =>
  (await t.db.select({ zone: users.timeZone }).from(users).where(eq(users.id, user.id)))[0]?.zone;
const monthOf = async (user: TestUser) => {
  const response = await t.request({ method: 'GET', url: '/api/v1/validate/', token: user.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ month: string }>().month;
};

describe('PUT /api/v1/time-zone/', () => {
  it('keeps a trainee’s zone and answers their user; their days are counted in it at once', async () => {
    expect(await monthOf(trainee)).toBe('2026-12');
    const response = await putZone(trainee.token, { time_zone: 'America/New_York' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: trainee.id, time_zone: 'America/New_York' });
    expectNoInternals(response);
    const profile = await t.request({
      method: 'GET',
      url: '/users/profile/',
      token: trainee.token,
    });
    expect(profile.json<{ results: { time_zone: string | null }[] }>().results[0]?.time_zone).toBe(
      'America/New_York',
    );
    // The signed-in account is kept a few seconds; the write forgets it, so this counts in it.
    expect(await monthOf(trainee)).toBe('2026-11');
  });

  it('keeps the zone under the name the runtime knows it by', async () => {
    const response = await putZone(supervisor.token, { time_zone: 'america/los_angeles' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: supervisor.id, time_zone: 'America/Los_Angeles' });
    expect(await storedZone(supervisor)).toBe('America/Los_Angeles');
  });

  it.each([
    [{ time_zone: 'Mars/Olympus_Mons' }, ['Unknown time zone']],
    [{ time_zone: '+05:00' }, ['Unknown time zone']],
    [{ time_zone: 'A'.repeat(65) }, ['Must be at most 64 characters']],
    [{ time_zone: '' }, ['⋆Required']],
    [{ time_zone: 42 }, ['⋆Required']],
    [{}, ['⋆Required']],
  ])('refuses %j with a field message and changes nothing', async (payload, messages) => {
    const before = await storedZone(trainee);
    const response = await putZone(trainee.token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ time_zone: messages });
    expect(await storedZone(trainee)).toBe(before);
  });

  it('sets only the caller’s own zone: another trainee still counts in UTC', async () => {
    expect(await storedZone(otherTrainee)).toBeNull();
    expect(await monthOf(otherTrainee)).toBe('2026-12');
    const other = await t.request({
      method: 'PUT',
      url: `/users/profile/${otherTrainee.id}/`,
      token: trainee.token,
      payload: { name: 'Not Mine', time_zone: 'Pacific/Auckland' },
    });
    expect(other.statusCode).toBe(404);
    expect(await storedZone(otherTrainee)).toBeNull();
    expect(await storedZone(trainee)).toBe('America/New_York');
  });

  it('answers 401 without a session', async () => {
    const response = await putZone(undefined, { time_zone: 'UTC' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHENTICATED);
  });
});

describe('POST /api/v1/signup/ with the browser’s zone', () => {
  it('keeps the zone sent, and none when none is sent', async () => {
    const zoned = traineeSignup({ time_zone: 'Pacific/Auckland' });
    const response = await signUp(t, zoned);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ time_zone: 'Pacific/Auckland' });
    const plain = await signUp(t, traineeSignup());
    expect(plain.json()).toMatchObject({ time_zone: null });
  });

  it('refuses an unknown zone and makes no account', async () => {
    const payload = traineeSignup({ time_zone: 'Atlantis/Capital' });
    const response = await signUp(t, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ time_zone: ['Unknown time zone'] });
    const rows = await t.db.select().from(users).where(eq(users.email, payload.email));
    expect(rows).toEqual([]);
  });
});
