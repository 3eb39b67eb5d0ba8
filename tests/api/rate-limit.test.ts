import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailCountTo, newEmail, PASSWORD, traineeSignup } from '../helpers/accounts';
import { createTrainee } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const HOUR = 60 * 60_000;
let nextHost = 0;
/** A client address no other test has used. */
const freshIp = () => {
  nextHost += 1;
  return `10.${Math.floor(nextHost / 250)}.${nextHost % 250}.1`;
};
const limited = (minutes: number) => ({
  detail: `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  code: 'RATE_LIMITED',
});

// Each test starts on the hour (a boundary of every window), in a later hour than the last.
beforeEach(() => {
  t.clock.now = new Date((Math.floor(t.clock.now.getTime() / HOUR) + 2) * HOUR);
});

const post = (url: string, payload: Record<string, unknown>, remoteAddress = freshIp()) =>
  t.request({ method: 'POST', url, payload, remoteAddress });

describe('login limits', () => {
  // The failures of one email are locked out, not rate-limited: accounts-lockout.test.ts.
  it('allows 20 logins per client address in 15 minutes, whatever the emails', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await post(
        '/api/v1/login/',
        { username: newEmail(), password: PASSWORD },
        ip,
      );
      expect(response.statusCode).toBe(400);
    }
    const user = await createTrainee(t.db);
    const blocked = await post(
      '/api/v1/login/',
      { username: user.email, password: user.password },
      ip,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(limited(15));
    expect(blocked.headers['retry-after']).toBe(String(15 * 60));
    const elsewhere = await post('/api/v1/login/', {
      username: user.email,
      password: user.password,
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('sign-up limits', () => {
  it('allows 10 sign-ups per client address in an hour', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await post('/api/v1/signup/', traineeSignup(), ip)).statusCode).toBe(201);
    }
    const payload = traineeSignup();
    const blocked = await post('/api/v1/signup/', payload, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(limited(60));
    expect(await mailCountTo(t, payload.email)).toBe(0);
    t.clock.advanceMinutes(60);
    expect((await post('/api/v1/signup/', payload, ip)).statusCode).toBe(201);
  });
});

describe('code mail limits', () => {
  it('mails at most 5 codes per address in 15 minutes, across reset and resend', async () => {
    const user = await createTrainee(t.db);
    const paths = [
      '/users/reset-password/send/',
      '/users/reset-password/resend/',
      '/users/reset-password/send/',
      '/users/reset-password/resend/',
      '/users/reset-password/send/',
    ];
    for (const path of paths) {
      expect((await post(path, { email: user.email })).json()).toEqual({
        message: 'Succesfully Token sent.',
      });
    }
    const blocked = await post('/users/reset-password/send/', { email: user.email });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(limited(15));
    expect(await mailCountTo(t, user.email)).toBe(5);
  });

  it('limits unknown addresses the same way, so the answer reveals nothing', async () => {
    const unknown = newEmail('nobody');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post('/users/reset-password/send/', { email: unknown })).statusCode).toBe(200);
    }
    expect((await post('/users/reset-password/send/', { email: unknown })).json()).toEqual(
      limited(15),
    );
  });

  it('mails at most 5 codes per client address in 15 minutes', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post('/api/v1/resendemail/', { email: newEmail() }, ip)).statusCode).toBe(200);
    }
    const blocked = await post('/api/v1/resendemail/', { email: newEmail() }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(limited(15));
  });
});

describe('code check limits', () => {
  it('allows 20 verification tries per client address in 15 minutes', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await post(
        '/users/email/verify-user/',
        { email: newEmail(), token: '123456' },
        ip,
      );
      expect(response.statusCode).toBe(400);
    }
    const blocked = await post(
      '/users/email/verify-user/',
      { email: newEmail(), token: '123456' },
      ip,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(limited(15));
  });

  it('allows 20 password-reset tries per client address in 15 minutes', async () => {
    const ip = freshIp();
    const payload = () => ({ email: newEmail(), password: PASSWORD, token: '123456' });
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await post('/users/reset-password/verify/', payload(), ip)).statusCode).toBe(400);
    }
    const blocked = await post('/users/reset-password/verify/', payload(), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(limited(15));
  });
});

describe('limits that follow a person, not one address (issue 27)', () => {
  let nextNetwork = 0;
  /** Addresses inside one /64 no other test has used, each as a rotating client takes it. */
  const ipv6Network = () => {
    nextNetwork += 1;
    let host = 0;
    return () => {
      host += 1;
      return `2001:db8:27:${nextNetwork.toString(16)}:${host.toString(16)}:a:b:c`;
    };
  };

  it('counts an IPv6 client rotating inside one /64 as one client, for limits and lockouts', async () => {
    // The code checks' limit (20 per address in 15 minutes): no password hashing, so it is quick.
    const rotating = ipv6Network();
    const check = (address: string) =>
      post('/users/email/verify-user/', { email: newEmail(), token: '123456' }, address);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await check(rotating())).statusCode).toBe(400);
    }
    const blocked = await check(rotating());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(limited(15));
    // The next /64 is another subscriber.
    expect((await check(ipv6Network()())).statusCode).toBe(400);

    // One account guessed from five addresses of one /64: its pair locks as from one address.
    t.clock.now = new Date(t.clock.now.getTime() + 2 * HOUR);
    const victim = await createTrainee(t.db);
    const guesser = ipv6Network();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = { username: victim.email, password: 'wrong-password-27' };
      expect((await post('/api/v1/login/', wrong, guesser())).statusCode).toBe(400);
    }
    const locked = await post(
      '/api/v1/login/',
      { username: victim.email, password: victim.password },
      guesser(),
    );
    expect(locked.statusCode).toBe(429);
    // The owner elsewhere is never locked out (decision 018).
    const owner = { username: victim.email, password: victim.password };
    expect((await post('/api/v1/login/', owner)).statusCode).toBe(200);
  });

  it.each([
    ['verification', '/users/email/verify-user/', (email: string) => ({ email, token: '123456' })],
    [
      'password-reset',
      '/users/reset-password/verify/',
      (email: string) => ({ email, password: PASSWORD, token: '123456' }),
    ],
  ])(
    'checks at most 10 %s codes per account in an hour, from any number of addresses',
    async (_kind, url, payload) => {
      const email = newEmail();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await post(url, payload(email))).statusCode).toBe(400);
      }
      const blocked = await post(url, payload(email));
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual(limited(60));
      expect(blocked.headers['retry-after']).toBe(String(60 * 60));
      // Another account is not held up, and the next hour starts over.
      expect((await post(url, payload(newEmail()))).statusCode).toBe(400);
      t.clock.now = new Date(t.clock.now.getTime() + HOUR);
      expect((await post(url, payload(email))).statusCode).toBe(400);
    },
  );
});
