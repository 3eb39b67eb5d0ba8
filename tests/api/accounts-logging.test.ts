import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoInternals,
  lastCodeTo,
  logIn,
  signUp,
  traineeSignup,
  verify,
} from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  // The production logger settings (plugins/logger.ts), writing here instead of stdout.
  t = await createTestApp({}, { logStream: { write: (line) => void lines.push(line) } });
});
afterAll(async () => t.close());

const NEW_PASSWORD = 'battery-staple-7';
const CHANGED_PASSWORD = 'third-password-9';

describe('log lines never carry a password, token or code', () => {
  it('through sign-up, verification, login, reset, change and logout', async () => {
    const payload = traineeSignup();
    const secrets: string[] = [payload.password, NEW_PASSWORD, CHANGED_PASSWORD];

    expect((await signUp(t, payload)).statusCode).toBe(201);
    // A refused body still carries a password: it must not be echoed into the log either.
    expect((await signUp(t, { ...payload, password: 'short7!' })).statusCode).toBe(400);
    secrets.push('short7!');

    const verifyCode = await lastCodeTo(t, payload.email);
    secrets.push(verifyCode);
    const verified = await verify(t, payload.email, verifyCode);
    expect(verified.statusCode).toBe(200);
    secrets.push(verified.json<{ token: string }>().token);

    expect(
      (await logIn(t, { username: payload.email, password: 'wrong-password-1' })).statusCode,
    ).toBe(400);
    secrets.push('wrong-password-1');
    const login = await logIn(t, { username: payload.email, password: payload.password });
    const token = login.json<{ token: string }>().token;
    secrets.push(token);

    await t.request({
      method: 'POST',
      url: '/users/reset-password/send/',
      payload: { email: payload.email },
    });
    const resetCode = await lastCodeTo(t, payload.email);
    secrets.push(resetCode);
    const reset = await t.request({
      method: 'POST',
      url: '/users/reset-password/verify/',
      payload: { email: payload.email, password: NEW_PASSWORD, token: resetCode },
    });
    expect(reset.statusCode).toBe(200);

    const again = (await logIn(t, { username: payload.email, password: NEW_PASSWORD })).json<{
      token: string;
    }>();
    secrets.push(again.token);
    const changed = await t.request({
      method: 'POST',
      url: '/users/password/change/',
      token: again.token,
      payload: {
        old_password: NEW_PASSWORD,
        new_password1: CHANGED_PASSWORD,
        new_password2: CHANGED_PASSWORD,
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(
      (await t.request({ method: 'POST', url: '/api/v1/logout/', token: again.token })).statusCode,
    ).toBe(200);

    // The flow was logged (a line per request and response, with its request id)...
    const parsed = lines.map((line) => JSON.parse(line) as { reqId?: unknown; msg?: unknown });
    const requestLines = parsed.filter(
      (line) => line.msg === 'incoming request' || line.msg === 'request completed',
    );
    expect(requestLines).toHaveLength(2 * 10);
    expect(requestLines.every((line) => typeof line.reqId === 'string')).toBe(true);
    // ...and no line holds any secret of it.
    for (const secret of secrets) {
      const leaks = lines.filter((line) => line.includes(secret));
      expect(leaks, `a log line contains ${secret}`).toEqual([]);
    }
    expect(lines.join('')).not.toMatch(/\$argon2/);
  });

  it('redacts secret-named fields at the top level and nested', () => {
    const before = lines.length;
    t.app.log.info(
      {
        password: 'top-secret-1',
        token: 'top-secret-2',
        body: { new_password1: 'nested-secret-3', code: '246810' },
        request: {
          body: { old_password: 'deep-secret-4' },
          headers: { authorization: 'token deep-secret-5' },
        },
      },
      'redaction check',
    );
    const [line] = lines.slice(before);
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      msg: 'redaction check',
      password: '[redacted]',
      token: '[redacted]',
      body: { new_password1: '[redacted]', code: '[redacted]' },
      request: { body: { old_password: '[redacted]' }, headers: { authorization: '[redacted]' } },
    });
  });

  it('keeps secrets in headers, the query string and the body of any request out of the request lines', async () => {
    const before = lines.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/no-such-route/?token=query-secret-6&code=135791',
      headers: { authorization: 'Token header-secret-7', cookie: 'session=cookie-secret-8' },
      payload: { password: 'body-secret-9', code: '864200' },
    });
    expect(response.statusCode).toBe(404);
    const logged = lines.slice(before);
    for (const secret of [
      'query-secret-6',
      '135791',
      'header-secret-7',
      'cookie-secret-8',
      'body-secret-9',
      '864200',
    ]) {
      expect(logged.filter((line) => line.includes(secret))).toEqual([]);
    }
    // The request lines keep what traces a request: method, path, status, time and request id.
    const parsed = logged.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.find((line) => line.msg === 'incoming request')).toMatchObject({
      reqId: expect.any(String),
      req: { method: 'POST', url: '/api/v1/no-such-route/' },
    });
    expect(parsed.find((line) => line.msg === 'request completed')).toMatchObject({
      reqId: expect.any(String),
      res: { statusCode: 404 },
      responseTime: expect.any(Number),
    });
  });

  it('redacts in arrays, and leaves the logged object as it was', () => {
    const before = lines.length;
    const logged = { items: [{ token: 'array-secret-10' }], note: 'kept' };
    t.app.log.info(logged, 'array check');
    const [line] = lines.slice(before);
    expect(line).not.toContain('array-secret-10');
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      items: [{ token: '[redacted]' }],
      note: 'kept',
    });
    expect(logged.items[0]?.token).toBe('array-secret-10');
  });

  it('keeps the query parameters of a failed database write (the password hash) out of the log and the body', async () => {
    // Make the database refuse this one name, so that the sign-up's insert fails.
    await t.db.execute(
      sql`alter table users add constraint refuse_for_test check (name <> 'Refused Name')`,
    );
    const before = lines.length;
    const payload = traineeSignup({ name: 'Refused Name' });
    const response = await signUp(t, payload);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      detail: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL',
    });
    expectNoInternals(response);

    const logged = lines.slice(before);
    const failure = logged
      .map((line) => JSON.parse(line) as { msg?: string; err?: { message?: string } })
      .find((line) => line.msg === 'request failed');
    // The query stays, to debug by; its values do not.
    expect(failure?.err?.message).toMatch(/^Failed query: insert into "users"/);
    expect(failure?.err?.message).toContain('params: [redacted]');
    expect(failure?.err).not.toHaveProperty('params');
    expect(logged.join('')).not.toMatch(/\$argon2/);
    expect(logged.join('')).not.toContain(payload.password);
    await t.db.execute(sql`alter table users drop constraint refuse_for_test`);
  });

  it('logs the error code of a refused request under errorCode', async () => {
    const before = lines.length;
    await logIn(t, { username: 'nobody@example.com', password: 'wrong-password-1' });
    const refused = lines
      .slice(before)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === 'Unable to log in with provided credentials.');
    expect(refused).toMatchObject({ errorCode: 'INVALID', status: 400, reqId: expect.any(String) });
  });
});
