import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userSubscriptions, users } from '../../src/server/db/schema';
import { TEST_CLOCK_HEADER } from '../../src/server/plugins/test-clock';
import { signUpVerified, traineeSignup } from '../helpers/accounts';
import { createTrainee } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { charge, DAY } from './billing-support';

describe('TEST_HOOKS=true (the end-to-end suite only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a proxy, as the e2e suite's server is: X-Forwarded-For names the client.
    t = await createTestApp({ TEST_HOOKS: 'true', TRUST_PROXY: 'true' });
  });
  afterAll(async () => t.close());

  it('answers only a connection from this machine, whatever X-Forwarded-For says', async () => {
    const trainee = await createTrainee(t.db);
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.request({
        method: 'POST',
        url: '/api/test/travel',
        remoteAddress,
        headers,
        payload: { email: trainee.email, days: 1 },
      });
    for (const outside of [
      await from('203.0.113.9'),
      await from('2001:db8::9'),
      await from('203.0.113.9', { 'x-forwarded-for': '127.0.0.1' }),
      await from('::ffff:203.0.113.9'),
    ]) {
      expect(outside.statusCode).toBe(404);
      expect(outside.json()).toEqual({
        detail: 'No route POST /api/test/travel',
        code: 'NOT_FOUND',
      });
    }
    const coupon = await t.request({
      method: 'POST',
      url: '/api/test/coupon',
      remoteAddress: '198.51.100.7',
      payload: { code: 'OUTSIDE', percent_off: 100 },
    });
    expect(coupon.statusCode).toBe(404);
    // The e2e suite's own requests: loopback, with a made-up client address forwarded.
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await from(local, { 'x-forwarded-for': '10.1.2.3' })).statusCode).toBe(200);
    }
  });

  it('moves one account’s billing instants back by the days asked, and no one else’s', async () => {
    const trainee = await createTrainee(t.db);
    const other = await createTrainee(t.db);
    expect((await charge(t, trainee.token, { sub_id: 12, token: 'tok_visa' })).statusCode).toBe(
      201,
    );
    const before = await stateOf(t, trainee.id);
    const otherBefore = await stateOf(t, other.id);

    const moved = await t.request({
      method: 'POST',
      url: '/api/test/travel',
      payload: { email: trainee.email.toUpperCase(), days: 8 },
    });
    expect(moved.statusCode).toBe(200);

    const after = await stateOf(t, trainee.id);
    expect(before.joined.getTime() - after.joined.getTime()).toBe(8 * DAY);
    expect(before.expiry!.getTime() - after.expiry!.getTime()).toBe(8 * DAY);
    expect(await stateOf(t, other.id)).toEqual(otherBefore);
  });

  it('answers 404 for an unknown account and 400 for a bad number of days', async () => {
    const unknown = await t.request({
      method: 'POST',
      url: '/api/test/travel',
      payload: { email: 'nobody@example.com', days: 1 },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.request({
      method: 'POST',
      url: '/api/test/travel',
      payload: { email: 'nobody@example.com', days: 0 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('creates a coupon as `npm run coupon` does, which the trainee can then redeem', async () => {
    const trainee = await createTrainee(t.db);
    const created = await t.request({
      method: 'POST',
      url: '/api/test/coupon',
      payload: { code: 'e2e-save20', percent_off: 20, max_uses: 5 },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ code: 'E2E-SAVE20' });

    const verified = await t.request({
      method: 'GET',
      url: '/api/v1/verify-coupon?coupon=e2e-save20',
      headers: { authorization: `token ${trainee.token}` },
    });
    expect(verified.json()).toEqual({
      data: { coupon: { valid: true, percent_off: 20, amount_off: null, status: 'valid' } },
    });

    const again = await t.request({
      method: 'POST',
      url: '/api/test/coupon',
      payload: { code: 'E2E-SAVE20', amount_off: 500 },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: ['The coupon E2E-SAVE20 already exists.'] });
  });

  it('refuses a coupon the command line would refuse', async () => {
    const both = await t.request({
      method: 'POST',
      url: '/api/test/coupon',
      payload: { code: 'TWO-WAYS', percent_off: 10, amount_off: 500 },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ percentOff: ['give exactly one of percent off or amount off'] });
  });

  it('refuses a pause point that does not exist, and lists none reached', async () => {
    const refused = await t.request({
      method: 'POST',
      url: '/api/test/pause-point',
      payload: { point: 'nowhere' },
    });
    expect(refused.statusCode).toBe(400);
    const reached = await t.request({ method: 'GET', url: '/api/test/pause-point' });
    expect(reached.json()).toEqual({ reached: [] });
  });

  const SUPERVISOR_FIELDS = {
    is_supervisor: true,
    bacb_account_number: 'BACB123456',
    bacb_certification_number: '1-23-45678',
    supervisor_qualification: 'BCBA',
    date_qualified: '2020-01-15',
    date_contract: '2026-01-10',
  } as const;
  const makeAccount = (payload: object, remoteAddress = '127.0.0.1') =>
    t.request({ method: 'POST', url: '/api/test/accounts', remoteAddress, payload });
  const signIn = (username: string, password: string) =>
    t.request({ method: 'POST', url: '/api/v1/login/', payload: { username, password } });

  it('makes a verified supervisor and a trainee listing them, linked, each signed in', async () => {
    const supervisor = await makeAccount({
      account: {
        name: 'Sam Fixture',
        email: 'Sam.Fixture@example.com',
        password: 'field-hours-2026',
        ...SUPERVISOR_FIELDS,
      },
    });
    expect(supervisor.statusCode, supervisor.body).toBe(201);
    expect(supervisor.json()).toMatchObject({
      token: expect.stringMatching(/^[0-9a-f]{64}$/),
      user: { email: 'sam.fixture@example.com', is_supervisor: true },
      supervisor_record: null,
    });
    const trainee = await makeAccount({
      account: {
        name: 'Tara Fixture',
        email: 'tara.fixture@example.com',
        password: 'field-hours-2026',
      },
      supervisor_email: 'sam.fixture@example.com',
    });
    expect(trainee.statusCode, trainee.body).toBe(201);
    const { token, user, supervisor_record } = trainee.json<{
      token: string;
      user: { is_supervisor: boolean; is_paid: boolean };
      supervisor_record: number;
    }>();
    expect(user).toMatchObject({ is_supervisor: false, is_paid: false });

    // The session works, and the password signs in (the account is verified, so no code).
    const records = await t.request({ method: 'GET', url: '/api/v1/trainee-supervisors/', token });
    expect(records.json()).toEqual({
      results: [
        expect.objectContaining({
          id: supervisor_record,
          email: 'sam.fixture@example.com',
          supervisor: true,
          link_status: 'accepted',
        }),
      ],
    });
    const login = await signIn('tara.fixture@example.com', 'field-hours-2026');
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toHaveProperty('token');
    // Linked: the supervisor's list of trainees names the new trainee.
    const theirs = await t.request({
      method: 'GET',
      url: '/api/v1/all-trainee/',
      token: supervisor.json<{ token: string }>().token,
    });
    expect(theirs.body).toContain('Tara Fixture');
  });

  it('refuses what sign-up refuses, and a supervisor nobody verified, writing nothing', async () => {
    const taken = await makeAccount({
      account: { name: 'Again', email: 'tara.fixture@example.com', password: 'field-hours-2026' },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ email: ['A user with that email already exists.'] });
    const noSupervisor = await makeAccount({
      account: { name: 'Lone', email: 'lone.fixture@example.com', password: 'field-hours-2026' },
      supervisor_email: 'nobody@example.com',
    });
    expect(noSupervisor.statusCode).toBe(400);
    expect(noSupervisor.json()).toEqual({
      supervisor_email: ['No verified supervisor has this email.'],
    });
    expect((await signIn('lone.fixture@example.com', 'field-hours-2026')).statusCode).toBe(400);
    const outside = await makeAccount(
      { account: { name: 'Far', email: 'far.fixture@example.com', password: 'field-hours-2026' } },
      '203.0.113.9',
    );
    expect(outside.statusCode).toBe(404);
    expect((await signIn('far.fixture@example.com', 'field-hours-2026')).statusCode).toBe(400);
  });

  it('runs every scheduled job once and says what each did', async () => {
    const response = await t.request({ method: 'POST', url: '/api/test/run-jobs' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual([
      'access-warnings',
      'digest',
      'form-reminders',
      'mail-retry',
      'renewals',
      'storage-sweep',
      'switch-notices',
    ]);
  });
});

describe('TEST_HOOKS=true with no proxy declared (TRUST_PROXY unset; issue 36)', () => {
  // A reverse proxy on this host connects from loopback: what it forwards is someone else's.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TEST_HOOKS: 'true' });
    t.clock.now = new Date('2027-03-15T12:00:00Z');
  });
  afterAll(async () => t.close());
  const FORWARDED: Record<string, string>[] = [
    { 'x-forwarded-for': '203.0.113.9' },
    { 'x-forwarded-for': '127.0.0.1' },
    { forwarded: 'for=203.0.113.9;proto=https' },
    { 'x-real-ip': '203.0.113.9' },
  ];

  it('answers a loopback connection that carries a forwarding header as if the routes did not exist', async () => {
    const trainee = await createTrainee(t.db);
    const travel = (headers: Record<string, string>) =>
      t.request({
        method: 'POST',
        url: '/api/test/travel',
        headers,
        payload: { email: trainee.email, days: 1 },
      });
    for (const headers of FORWARDED) {
      const refused = await travel(headers);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({
        detail: 'No route POST /api/test/travel',
        code: 'NOT_FOUND',
      });
    }
    expect((await travel({})).statusCode).toBe(200);
  });

  it('serves a forwarded request on the real clock, whatever its test clock header says', async () => {
    const { token } = await signUpVerified(t, traineeSignup());
    const monthServed = async (headers: Record<string, string>) => {
      const response = await t.request({
        method: 'GET',
        url: '/api/v1/get-accrued/',
        token,
        headers: { [TEST_CLOCK_HEADER]: String(20 * DAY), ...headers },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ from_date: string }>().from_date;
    };
    expect(await monthServed({})).toBe('2027-04-01');
    for (const headers of FORWARDED) expect(await monthServed(headers)).toBe('2027-03-01');
  });
});

describe('without TEST_HOOKS (every real deployment)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('has no test routes', async () => {
    for (const url of [
      '/api/test/travel',
      '/api/test/run-jobs',
      '/api/test/coupon',
      '/api/test/pause-point',
      '/api/test/accounts',
    ]) {
      const response = await t.request({ method: 'POST', url, payload: {} });
      expect(response.statusCode).toBe(404);
    }
    expect(t.routes.some((route) => String(route.url).startsWith('/api/test/'))).toBe(false);
  });
});

async function stateOf(t: TestApp, userId: number) {
  const [user] = await t.db
    .select({ joined: users.dateJoined })
    .from(users)
    .where(eq(users.id, userId));
  const [subscription] = await t.db
    .select({ expiry: userSubscriptions.expiry })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.traineeId, userId));
  return { joined: user!.joined, expiry: subscription?.expiry ?? null };
}
