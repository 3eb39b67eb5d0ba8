// The production start (`npm start`): the server bundle scripts/build-server.mjs writes, run by
// plain `node`, with no TypeScript loader. Built once into a folder of this run's own.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCK_FILE_NAME } from '../../src/server/db/data-dir-lock';
import { withDatabase } from '../setup/api-global-setup';
import { supervisorSignup, traineeSignup } from '../helpers/accounts';
import {
  freePort,
  printed,
  startServer,
  waitForHealth,
  type RunningProcess,
} from '../helpers/server-process';

// Inside the checkout, so the bundle finds node_modules as dist/server does.
const outDir = path.resolve('.tmp', `server-bundle-${process.pid}`);
const entry = path.join(outDir, 'main.js');
let running: RunningProcess[] = [];
let cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', outDir]);
}, 180_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));
afterEach(async () => {
  for (const started of running) {
    if (started.child.exitCode === null && started.child.signalCode === null) {
      started.child.kill('SIGKILL');
      await started.exit;
    }
  }
  for (const cleanup of cleanups) await cleanup();
  running = [];
  cleanups = [];
});

const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};

function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ft-built-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A database of this run's kind for one server: a PostgreSQL copy of the template, or none. */
async function runDatabaseEnv(): Promise<Record<string, string>> {
  if (process.env.TEST_DATABASE !== 'postgres') return {};
  const url = inject('postgresUrl');
  const name = `ft_test_${process.ppid}_built_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  cleanups.push(async () => {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });
  return { DATABASE_URL: withDatabase(url, name) };
}

async function startBuilt(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const server = startServer(dataDir, port, env, entry);
  running.push(server);
  const health = await waitForHealth(port);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
  return { server, base: `http://127.0.0.1:${port}` };
}

describe('the built server', () => {
  it('creates a new embedded database, holds its folder, and stops cleanly on SIGTERM', async () => {
    const dataDir = newDataDir();
    const { server } = await startBuilt(dataDir);
    const second = startServer(dataDir, await freePort(), {}, entry);
    running.push(second);
    expect(await second.exit).toBe(1);
    expect(second.output()).toContain(`Another Fieldwork Tracker process (pid ${server.child.pid}`);
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  }, 120_000);

  it('serves a supervisor and a trainee through to the agenda PDF and an SVG picture on the run’s database', async () => {
    const { server, base } = await startBuilt(newDataDir(), await runDatabaseEnv());
    const call = (method: string, url: string, body?: object, token?: string) =>
      fetch(`${base}${url}`, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `token ${token}` } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    /** Signs up (argon2, a native module) and verifies with the code the outbox printed. */
    const account = async (signUpBody: { email: string }) => {
      const { email } = signUpBody;
      const signUp = await call('POST', '/api/v1/signup/', signUpBody);
      expect(signUp.status, await signUp.clone().text()).toBe(201);
      const code = new RegExp(`to: ${email}[\\s\\S]*?Your verification code is (\\d{6})`);
      const [, token] = await printed(server, code);
      const verified = await call('POST', '/users/email/verify-user/', { email, token });
      expect(verified.status).toBe(200);
      const { user, token: session } = (await verified.json()) as {
        user: { id: number };
        token: string;
      };
      return { id: user.id, email, token: session };
    };
    const trainee = await account(traineeSignup({ name: 'Tara Built' }));
    const supervisor = await account(supervisorSignup({ name: 'Dana Built' }));
    const record = await call(
      'POST',
      '/api/v1/trainee-supervisors/',
      { name: 'Dana', lastname: 'Built', email: supervisor.email },
      trainee.token,
    );
    expect(record.status).toBe(201);
    // The supervisor accepts the trainee's request (issue 36).
    const requests = await call('GET', '/api/v1/link-requests/', undefined, supervisor.token);
    const [request] = ((await requests.json()) as { results: { id: number }[] }).results;
    const accepted = await call(
      'POST',
      `/api/v1/link-requests/${request?.id}/accept/`,
      undefined,
      supervisor.token,
    );
    expect(accepted.status).toBe(200);
    const written = await call(
      'POST',
      '/api/v1/monthy-log/',
      {
        u_id: trainee.id,
        date: '2026-03-12',
        supervisee: 'Tara Built',
        startTime: '09:00',
        endTime: '10:00',
        format: 'In Person',
        superviseeFeedback: 'Zoë – ✓ graphs read well',
      },
      supervisor.token,
    );
    expect(written.status, await written.clone().text()).toBe(201);
    const { id } = (await written.json()) as { id: number };

    // The PDF code is a chunk loaded on first use; its DejaVu font comes from node_modules.
    const pdf = await call('GET', `/api/v1/monthy-log/${id}/pdf/`, undefined, trainee.token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // An SVG picture is drawn by resvg in a child process whose script sits beside main.js.
    const signed = await call('POST', '/users/upload/signed-url', {}, trainee.token);
    const { url, key } = (await signed.json()) as { url: string; key: string };
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><text x="2" y="30">AB</text></svg>`;
    const put = await fetch(`${base}${url}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/svg+xml' },
      body: svg,
    });
    expect(put.status).toBe(200);
    const confirmed = await call('POST', '/users/upload/picture', { key }, trainee.token);
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    const { profile_pic: picture } = (await confirmed.json()) as { profile_pic: string };
    const image = await fetch(`${base}${picture}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  }, 120_000);
  it('refuses to start with test hooks anywhere but NODE_ENV=test, or in production on a payment provider nobody named, in one line each', async () => {
    const hooksRefused = (nodeEnv: string) =>
      `  TEST_HOOKS: must only be true when NODE_ENV=test, the test suites' (NODE_ENV is ${nodeEnv}): its routes move billing clocks and make coupons\n`;
    const paymentsRefused =
      '  PAYMENTS: must be set when NODE_ENV=production: stripe (with its keys), or sandbox to take only test cards on purpose\n';
    const dataDir = newDataDir();
    const start = (env: Record<string, string>) => {
      const server = startServer(dataDir, 0, { NODE_ENV: 'production', ...env }, entry);
      running.push(server);
      return server;
    };
    const named = { PAYMENTS: 'stripe', ...STRIPE_KEYS };
    // Issue 36: `Production` opened the test routes, as did a start with no NODE_ENV at all.
    for (const [nodeEnv, shown] of [
      ['production', '"production"'],
      ['Production', '"Production"'],
      ['', 'unset'],
    ] as const) {
      const hooks = start({ ...named, NODE_ENV: nodeEnv, TEST_HOOKS: 'true' });
      expect(await hooks.exit).toBe(1);
      expect(hooks.output()).toBe(`Invalid configuration:\n${hooksRefused(shown)}`);
    }
    for (const nodeEnv of ['production', 'Production']) {
      const unnamed = start({ NODE_ENV: nodeEnv });
      expect(await unnamed.exit).toBe(1);
      expect(unnamed.output()).toBe(`Invalid configuration:\n${paymentsRefused}`);
    }
    // Told so explicitly, the sandbox starts (a staging deployment taking test cards).
    const { server } = await startBuilt(dataDir, { NODE_ENV: 'production', PAYMENTS: 'sandbox' });
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
  }, 120_000);
});
