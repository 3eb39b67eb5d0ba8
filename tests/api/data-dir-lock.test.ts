// Real processes on one embedded DATA_DIR (issue 8 §7). Each test has its own folder and spawns
// with DATABASE_URL dropped.
// @database-independent: embedded databases in folders of its own, never the run's database.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME, LockHolderSchema } from '../../src/server/db/data-dir-lock';
import { newEmail, PASSWORD } from '../helpers/accounts';
import {
  freePort,
  printed,
  startProcess,
  startServer,
  waitForHealth,
  type RunningProcess,
} from '../helpers/server-process';

let dataDir: string;
let running: RunningProcess[] = [];
const lockFile = () => path.join(dataDir, LOCK_FILE_NAME);
const lockHolder = () => LockHolderSchema.parse(JSON.parse(readFileSync(lockFile(), 'utf8')));

/** Starts a server on this test's folder and waits until it answers. */
async function startedServer(): Promise<{ server: RunningProcess; port: number }> {
  const port = await freePort();
  const server = startServer(dataDir, port);
  running.push(server);
  const health = await waitForHealth(port);
  expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
  return { server, port };
}

/** The one line a process refused by `holder` prints. */
const refusalLine = (holder: { pid: number; startedAt: string }) =>
  `Another Fieldwork Tracker process (pid ${holder.pid}, started ${holder.startedAt}) is using the database in ${dataDir}. Stop it first (kill ${holder.pid}), or set DATA_DIR to another folder.\n`;

// A fresh PGlite folder costs a database creation and every migration: do it once, copy it per test.
let templateDir: string;
beforeAll(async () => {
  templateDir = mkdtempSync(path.join(tmpdir(), 'ft-lock-template-'));
  const port = await freePort();
  const server = startServer(templateDir, port);
  await waitForHealth(port);
  server.child.kill('SIGTERM');
  expect(await server.exit).toBe(0);
}, 120_000);
afterAll(() => rmSync(templateDir, { recursive: true, force: true }));

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ft-lock-'));
  cpSync(templateDir, dataDir, { recursive: true });
  running = [];
});
afterEach(async () => {
  for (const started of running) {
    if (started.child.exitCode === null && started.child.signalCode === null) {
      started.child.kill('SIGKILL');
      await started.exit;
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('one process per embedded DATA_DIR', () => {
  it('stops a second server at once with one line, while the first keeps answering', async () => {
    const { server: first, port } = await startedServer();
    expect(lockHolder().pid).toBe(first.child.pid);
    const second = startServer(dataDir, await freePort());
    running.push(second);
    expect(await second.exit).toBe(1);
    expect(second.output()).toBe(refusalLine(lockHolder()));
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
  }, 120_000);

  it('stops `npm run demo` with the same line while the server holds the folder', async () => {
    await startedServer();
    const demo = startProcess('scripts/demo.ts', dataDir);
    running.push(demo);
    expect(await demo.exit).toBe(1);
    expect(demo.output()).toBe(refusalLine(lockHolder()));
  }, 120_000);

  it('releases the folder on SIGTERM, so the next server starts', async () => {
    const { server: first } = await startedServer();
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    expect(existsSync(lockFile())).toBe(false);
    const { server: next } = await startedServer();
    expect(lockHolder().pid).toBe(next.child.pid);
  }, 120_000);

  it('keeps an acknowledged sign-up through kill -9, taking over the dead server’s lock', async () => {
    const { server: first, port } = await startedServer();
    const email = newEmail('killed');
    const signUp = await fetch(`http://127.0.0.1:${port}/api/v1/signup/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kim Killed', email, password: PASSWORD, is_supervisor: false }),
    });
    expect(signUp.status).toBe(201);
    const [, code] = await printed(first, /Your verification code is (\d{6})/);
    first.child.kill('SIGKILL');
    await first.exit;
    // The dead server's lock is still there: the next server must judge it stale.
    expect(lockHolder().pid).toBe(first.child.pid);

    const { server: next, port: nextPort } = await startedServer();
    expect(lockHolder().pid).toBe(next.child.pid);
    const verified = await fetch(`http://127.0.0.1:${nextPort}/users/email/verify-user/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, token: code }),
    });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toMatchObject({ token: expect.stringMatching(/.{20,}/) });
  }, 120_000);

  it('lets exactly one of several processes take over the same stale lock', async () => {
    const holder = () => {
      const started = startProcess('tests/helpers/hold-data-dir-lock.ts', dataDir);
      running.push(started);
      return started;
    };
    const killed = holder();
    await printed(killed, /ready/);
    killed.child.stdin?.write('go\n');
    await printed(killed, /held/);
    killed.child.kill('SIGKILL');
    await killed.exit;
    expect(lockHolder().pid).toBe(killed.child.pid);

    const racers = Array.from({ length: 6 }, holder);
    await Promise.all(racers.map((racer) => printed(racer, /ready/)));
    for (const racer of racers) racer.child.stdin?.write('go\n');
    const outcomes = await Promise.all(racers.map((racer) => printed(racer, /(held|refused) .*/)));
    const winners = racers.filter((_racer, index) => outcomes[index]?.[1] === 'held');
    expect(winners).toHaveLength(1);
    const winner = winners[0];
    expect(lockHolder().pid).toBe(winner?.child.pid);
    for (const [index, outcome] of outcomes.entries()) {
      if (racers[index] !== winner) expect(outcome[0]).toContain(`(pid ${winner?.child.pid},`);
    }
    const losers = racers.filter((racer) => racer !== winner);
    expect(await Promise.all(losers.map((loser) => loser.exit))).toEqual([2, 2, 2, 2, 2]);
    winner?.child.stdin?.end();
    expect(await winner?.exit).toBe(0);
    expect(existsSync(lockFile())).toBe(false);
  }, 120_000);
});
