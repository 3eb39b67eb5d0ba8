import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DataDirLockedError,
  judgeLock,
  LOCK_FILE_NAME,
  lockDataDir,
  lockedMessage,
  systemProbe,
  type Here,
  type LockHolder,
  type LockProbe,
  type PidState,
} from './data-dir-lock';

const here: Here = { pid: 500, hostname: 'laptop', bootId: 'boot-a', heldTokens: new Set() };
const holder = (overrides: Partial<LockHolder> = {}): LockHolder => ({
  pid: 1234,
  hostname: 'laptop',
  bootId: 'boot-a',
  processStart: '9000',
  startedAt: '2026-05-01T09:00:00.000Z',
  token: 'a'.repeat(32),
  ...overrides,
});
const alive: PidState = { isAlive: true, processStart: '9000' };
const dead: PidState = { isAlive: false, processStart: null };

describe('judgeLock', () => {
  it.each([
    ['a live holder on this machine', holder(), here, alive, 'refuse', 'alive'],
    [
      'a live holder where /proc is missing',
      holder({ processStart: null }),
      here,
      { isAlive: true, processStart: null },
      'refuse',
      'alive',
    ],
    ['an unreadable lock file', null, here, dead, 'refuse', 'unreadable'],
    [
      'a holder on another host, even if that pid is dead here',
      holder({ hostname: 'server' }),
      here,
      dead,
      'refuse',
      'other host',
    ],
    [
      'a lock this process holds',
      holder({ pid: 500 }),
      { ...here, heldTokens: new Set(['a'.repeat(32)]) },
      alive,
      'refuse',
      'this process',
    ],
    ['a dead holder', holder(), here, dead, 'take-over', 'dead'],
    [
      'a holder whose pid now belongs to a later process',
      holder(),
      here,
      { isAlive: true, processStart: '9999' },
      'take-over',
      'pid reused',
    ],
    [
      'a holder from before the last reboot',
      holder({ bootId: 'boot-0' }),
      here,
      alive,
      'take-over',
      'rebooted',
    ],
    [
      'an earlier process with this pid (PID 1 in a container)',
      holder({ pid: 500 }),
      here,
      alive,
      'take-over',
      'earlier process with this pid',
    ],
    ['a holder without a boot id, alive', holder({ bootId: null }), here, alive, 'refuse', 'alive'],
  ] as const)('%s: %s', (_case, lockHolder, where, pidNow, action, reason) => {
    expect(judgeLock(lockHolder, where, pidNow)).toEqual({ action, reason });
  });
});

describe('lockedMessage', () => {
  it('names the live holder and says what to do, on one line', () => {
    const message = lockedMessage(holder(), 'alive', './data');
    expect(message).toBe(
      'Another Fieldwork Tracker process (pid 1234, started 2026-05-01T09:00:00.000Z) is using the database in ./data. Stop it first (kill 1234), or set DATA_DIR to another folder.',
    );
  });

  it('tells a holder on another host apart, and names the file to delete', () => {
    expect(lockedMessage(holder({ hostname: 'server' }), 'other host', './data')).toBe(
      'A Fieldwork Tracker process on host server (pid 1234, started 2026-05-01T09:00:00.000Z) is using the database in ./data. Stop it first; if it no longer runs, delete ./data/pglite.lock.',
    );
  });

  it('says what to do with an unreadable lock file', () => {
    expect(lockedMessage(null, 'unreadable', '/srv/ft')).toBe(
      'The lock file /srv/ft/pglite.lock is unreadable. If no other Fieldwork Tracker process uses /srv/ft, delete it and start again.',
    );
  });
});

describe('lockDataDir', () => {
  let dataDir: string;
  const lockPath = () => path.join(dataDir, LOCK_FILE_NAME);
  const writeHolder = (file: string, lockHolder: LockHolder) =>
    writeFileSync(file, JSON.stringify(lockHolder));
  const readLock = (file = lockPath()): unknown => JSON.parse(readFileSync(file, 'utf8'));
  /** A machine where the pids in `alivePids` run and every other pid is free. */
  const probe = (alivePids: number[], pause: () => void = () => {}): LockProbe => ({
    here: () => here,
    pidState: (pid) => (alivePids.includes(pid) ? alive : dead),
    pause,
  });

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ft-lock-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes a lock naming this process and removes it on release', () => {
    const lock = lockDataDir(dataDir, probe([]));
    expect(readLock()).toEqual({
      pid: 500,
      hostname: 'laptop',
      bootId: 'boot-a',
      processStart: null,
      startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      token: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(readLock()).toEqual(lock.holder);
    expect(readdirSync(dataDir)).toEqual([LOCK_FILE_NAME]);
    lock.release();
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('refuses while the holder runs, leaving its lock alone', () => {
    writeHolder(lockPath(), holder());
    expect(() => lockDataDir(dataDir, probe([1234]))).toThrow(
      new DataDirLockedError(lockedMessage(holder(), 'alive', dataDir)),
    );
    expect(readLock()).toEqual(holder());
    expect(readdirSync(dataDir)).toEqual([LOCK_FILE_NAME]);
  });

  it('takes over the lock of a process that died, leaving no claim behind', () => {
    writeHolder(lockPath(), holder());
    const lock = lockDataDir(dataDir, probe([]));
    expect(readLock()).toEqual(lock.holder);
    expect(lock.holder.token).not.toBe(holder().token);
    expect(readdirSync(dataDir)).toEqual([LOCK_FILE_NAME]);
  });

  it('refuses, naming the claimant, while a live process is taking over the same stale lock', () => {
    writeHolder(lockPath(), holder());
    const claimant = holder({ pid: 777, token: 'c'.repeat(32) });
    writeHolder(`${lockPath()}.claim-${holder().token}`, claimant);
    let pauses = 0;
    expect(() =>
      lockDataDir(
        dataDir,
        probe([777], () => (pauses += 1)),
      ),
    ).toThrow(/pid 777/);
    expect(pauses).toBeGreaterThan(0);
    expect(readLock()).toEqual(holder());
  });

  it('names the winner, not a loser holding the claim, once the stale lock is taken', () => {
    writeHolder(lockPath(), holder());
    const claim = `${lockPath()}.claim-${holder().token}`;
    // A loser of the race holds the claim for a moment, after the winner replaced the lock.
    writeHolder(claim, holder({ pid: 777, token: 'c'.repeat(32) }));
    const winner = holder({ pid: 888, token: 'd'.repeat(32) });
    const loserLetsGo = () => {
      writeHolder(lockPath(), winner);
      rmSync(claim, { force: true });
    };
    expect(() => lockDataDir(dataDir, probe([777, 888], loserLetsGo))).toThrow(
      new DataDirLockedError(lockedMessage(winner, 'alive', dataDir)),
    );
    expect(readLock()).toEqual(winner);
    expect(readdirSync(dataDir)).toEqual([LOCK_FILE_NAME]);
  });

  it('takes over a stale lock whose claimant died mid-way', () => {
    writeHolder(lockPath(), holder());
    writeHolder(
      `${lockPath()}.claim-${holder().token}`,
      holder({ pid: 777, token: 'c'.repeat(32) }),
    );
    const lock = lockDataDir(dataDir, probe([]));
    expect(readLock()).toEqual(lock.holder);
    expect(readdirSync(dataDir)).toEqual([LOCK_FILE_NAME]);
  });

  it('refuses an unreadable lock file rather than guess', () => {
    writeFileSync(lockPath(), 'not json');
    expect(() => lockDataDir(dataDir, probe([]))).toThrow(
      new DataDirLockedError(lockedMessage(null, 'unreadable', dataDir)),
    );
    expect(readFileSync(lockPath(), 'utf8')).toBe('not json');
  });

  it('does not remove, on release, a lock that is no longer its own', () => {
    const lock = lockDataDir(dataDir, probe([]));
    writeHolder(lockPath(), holder());
    lock.release();
    expect(readLock()).toEqual(holder());
  });

  it('refuses a second open of the same folder in this very process', () => {
    const lock = lockDataDir(dataDir, systemProbe);
    try {
      expect(() => lockDataDir(dataDir, systemProbe)).toThrow(
        `This process (pid ${process.pid}) already has the database in ${dataDir} open.`,
      );
    } finally {
      lock.release();
    }
    expect(existsSync(lockPath())).toBe(false);
    lockDataDir(dataDir, systemProbe).release();
  });
});
