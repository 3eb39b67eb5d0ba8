import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CLOCK_HEADER } from '../../src/server/plugins/test-clock';
import { signUpVerified, traineeSignup } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * The end-to-end suite's movable clock (issue 36 §1): with TEST_HOOKS a request that sends the
 * offset header is served at real now + offset, and only that request; without TEST_HOOKS, or
 * from another machine, the header means nothing.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

async function monthServed(t: TestApp, token: string, headers: Record<string, string>) {
  const response = await t.request({ method: 'GET', url: '/api/v1/get-accrued/', token, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ from_date: string }>().from_date;
}

describe('the test clock', () => {
  let hooked: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    hooked = await createTestApp({ TEST_HOOKS: 'true' });
    plain = await createTestApp();
    // Both stand on 15 March 2027 at noon UTC; the header moves a request 20 days on
    // (within a session's life) or back.
    hooked.clock.now = new Date('2027-03-15T12:00:00Z');
    plain.clock.now = new Date('2027-03-15T12:00:00Z');
  });
  afterAll(async () => {
    await hooked.close();
    await plain.close();
  });

  it('serves a request that sends the offset at real now plus the offset, and no other', async () => {
    const { token } = await signUpVerified(hooked, traineeSignup());
    const moved = { [TEST_CLOCK_HEADER]: String(20 * DAY_MS) };
    expect(await monthServed(hooked, token, moved)).toBe('2027-04-01');
    expect(await monthServed(hooked, token, {})).toBe('2027-03-01');
    const back = { [TEST_CLOCK_HEADER]: String(-20 * DAY_MS) };
    expect(await monthServed(hooked, token, back)).toBe('2027-02-01');
  });

  it('ignores an offset that is not a whole number of milliseconds, or is beyond ten years', async () => {
    const { token } = await signUpVerified(hooked, traineeSignup());
    for (const value of ['1e9', '12.5', 'soon', String(11 * 366 * DAY_MS)]) {
      expect(await monthServed(hooked, token, { [TEST_CLOCK_HEADER]: value })).toBe('2027-03-01');
    }
  });

  it('means nothing without TEST_HOOKS', async () => {
    const { token } = await signUpVerified(plain, traineeSignup());
    const moved = { [TEST_CLOCK_HEADER]: String(100 * DAY_MS) };
    expect(await monthServed(plain, token, moved)).toBe('2027-03-01');
  });

  it('means nothing from another machine', async () => {
    const { token } = await signUpVerified(hooked, traineeSignup());
    const response = await hooked.request({
      method: 'GET',
      url: '/api/v1/get-accrued/',
      token,
      headers: { [TEST_CLOCK_HEADER]: String(100 * DAY_MS) },
      remoteAddress: '203.0.113.9',
    });
    expect(response.json<{ from_date: string }>().from_date).toBe('2027-03-01');
  });
});
