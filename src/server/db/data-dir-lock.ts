// Two engines writing one DATA_DIR corrupt it: docs/decisions/008-one-process-per-data-dir.md.
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, readFileSync, renameSync } from 'node:fs';
import { unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { z } from 'zod';

export const LOCK_FILE_NAME = 'pglite.lock';

export const LockHolderSchema = z.object({
  pid: z.number().int().positive(),
  hostname: z.string(),
  /** A lock written before the last reboot is stale whatever its pid. */
  bootId: z.string().nullable(),
  /** Clock ticks (/proc/<pid>/stat): tells a reused pid apart. */
  processStart: z.string().nullable(),
  startedAt: z.string(),
  token: z.string().regex(/^[0-9a-f]{32}$/),
});
export type LockHolder = z.infer<typeof LockHolderSchema>;

export type Here = {
  pid: number;
  hostname: string;
  bootId: string | null;
  heldTokens: ReadonlySet<string>;
};

export type PidState = { isAlive: boolean; processStart: string | null };

export type LockJudgement =
  | {
      action: 'take-over';
      reason: 'rebooted' | 'earlier process with this pid' | 'dead' | 'pid reused';
    }
  | { action: 'refuse'; reason: 'unreadable' | 'other host' | 'this process' | 'alive' };

/** Only a holder known to be gone is displaced: unreadable or other-host locks are refused. */
export function judgeLock(holder: LockHolder | null, here: Here, pidNow: PidState): LockJudgement {
  if (!holder) return { action: 'refuse', reason: 'unreadable' };
  if (holder.hostname !== here.hostname) return { action: 'refuse', reason: 'other host' };
  if (holder.bootId && here.bootId && holder.bootId !== here.bootId) {
    return { action: 'take-over', reason: 'rebooted' };
  }
  if (holder.pid === here.pid) {
    // PID 1 in a restarted container is the usual way a lock names our own pid.
    return here.heldTokens.has(holder.token)
      ? { action: 'refuse', reason: 'this process' }
      : { action: 'take-over', reason: 'earlier process with this pid' };
  }
  if (!pidNow.isAlive) return { action: 'take-over', reason: 'dead' };
  if (holder.processStart && pidNow.processStart && holder.processStart !== pidNow.processStart) {
    return { action: 'take-over', reason: 'pid reused' };
  }
  return { action: 'refuse', reason: 'alive' };
}

export function lockedMessage(
  holder: LockHolder | null,
  reason: LockJudgement['reason'],
  dataDir: string,
): string {
  const lockPath = lockFileIn(dataDir);
  if (!holder || reason === 'unreadable') {
    return `The lock file ${lockPath} is unreadable. If no other Fieldwork Tracker process uses ${dataDir}, delete it and start again.`;
  }
  const since = `started ${holder.startedAt}`;
  if (reason === 'this process') {
    return `This process (pid ${holder.pid}) already has the database in ${dataDir} open.`;
  }
  if (reason === 'other host') {
    return `A Fieldwork Tracker process on host ${holder.hostname} (pid ${holder.pid}, ${since}) is using the database in ${dataDir}. Stop it first; if it no longer runs, delete ${lockPath}.`;
  }
  return `Another Fieldwork Tracker process (pid ${holder.pid}, ${since}) is using the database in ${dataDir}. Stop it first (kill ${holder.pid}), or set DATA_DIR to another folder.`;
}

/** As the user wrote DATA_DIR, so messages show their own path. */
const lockFileIn = (dataDir: string) => `${dataDir.replace(/\/$/, '')}/${LOCK_FILE_NAME}`;

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export type LockProbe = {
  here: () => Here;
  pidState: (pid: number) => PidState;
  pause?: () => void;
};

const heldTokens = new Set<string>();

export const systemProbe: LockProbe = {
  here: () => ({ pid: process.pid, hostname: hostname(), bootId: readBootId(), heldTokens }),
  pidState: (pid) => {
    const stat = readProcStat(pid);
    // A zombie has exited: it only waits for its parent to read its status.
    if (stat?.state === 'Z' || stat?.state === 'X') return { isAlive: false, processStart: null };
    return { isAlive: isSignalable(pid), processStart: stat?.start ?? null };
  },
};

export type DataDirLock = { lockPath: string; holder: LockHolder; release: () => void };

/** After `kill -9` the next process finds the holder dead and takes the lock over. */
export function lockDataDir(dataDir: string, probe: LockProbe = systemProbe): DataDirLock {
  const here = probe.here();
  const mine: LockHolder = {
    pid: here.pid,
    hostname: here.hostname,
    bootId: here.bootId,
    processStart: probe.pidState(here.pid).processStart,
    startedAt: new Date().toISOString(),
    token: randomBytes(16).toString('hex'),
  };
  const lockPath = lockFileIn(dataDir);
  const judge = (holder: LockHolder | null) =>
    judgeLock(
      holder,
      here,
      holder ? probe.pidState(holder.pid) : { isAlive: false, processStart: null },
    );
  const outcome = acquire(lockPath, mine, judge, probe.pause ?? pauseBriefly);
  if (outcome !== 'held') {
    throw new DataDirLockedError(lockedMessage(outcome.holder, outcome.reason, dataDir));
  }
  heldTokens.add(mine.token);
  const release = () => {
    process.off('exit', release);
    heldTokens.delete(mine.token);
    try {
      removeIfHeldBy(lockPath, mine.token);
    } catch {
      // A lock file left behind names a dead process: the next one takes it over.
    }
  };
  process.on('exit', release);
  return { lockPath, holder: mine, release };
}

type Refusal = { holder: LockHolder | null; reason: LockJudgement['reason'] };

/** Displacing holder T first needs `<file>.claim-T`, so exactly one of several racers wins. */
function acquire(
  file: string,
  mine: LockHolder,
  judge: (holder: LockHolder | null) => LockJudgement,
  pause: () => void,
): 'held' | Refusal {
  // A claim is held for a few file operations: ~2 s of passes settle any real race.
  let busy: Refusal | null = null;
  for (let pass = 0; pass < 100; pass += 1) {
    if (createExclusive(file, mine)) return 'held';
    const current = readHolder(file);
    if (current === 'missing') continue;
    const judgement = judge(current);
    if (judgement.action === 'refuse' || !current) {
      return { holder: current, reason: judgement.reason };
    }
    const claim = `${file}.claim-${current.token}`;
    const claimed = acquire(claim, mine, judge, pause);
    if (claimed !== 'held') {
      // Another is replacing this holder: look again, so a loser names the winner.
      if (claimed.reason === 'alive') {
        busy = claimed;
        pause();
        continue;
      }
      return claimed;
    }
    try {
      // Still the holder we judged? Then nobody else can be replacing it.
      const again = readHolder(file);
      if (again === 'missing' || again?.token !== current.token) continue;
      writeAtomically(file, mine, (temp) => renameSync(temp, file));
      return 'held';
    } finally {
      removeIfHeldBy(claim, mine.token);
    }
  }
  // A claimant alive all along (stopped mid-way, say) is named as the one taking the folder.
  if (busy) return busy;
  throw new Error(`The lock ${file} kept changing while this process tried to take it.`);
}

/** Synchronous: the lock is taken before the event loop serves anything. */
function pauseBriefly(): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
}

function writeAtomically(file: string, holder: LockHolder, place: (temp: string) => void): void {
  const temp = `${file}.${holder.token}.tmp`;
  const fd = openSync(temp, 'wx');
  try {
    writeSync(fd, `${JSON.stringify(holder)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    place(temp);
  } finally {
    removeMissingOk(temp);
  }
}

/** link(2) fails if the name exists, so a reader never sees a half-written lock file. */
function createExclusive(file: string, holder: LockHolder): boolean {
  try {
    writeAtomically(file, holder, (temp) => linkSync(temp, file));
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
}

function readHolder(file: string): LockHolder | null | 'missing' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const parsed = LockHolderSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function removeIfHeldBy(file: string, token: string): void {
  const holder = readHolder(file);
  if (holder !== 'missing' && holder?.token === token) removeMissingOk(file);
}

function removeMissingOk(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

function readBootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Fields 3 and 22 of /proc/<pid>/stat. */
function readProcStat(pid: number): { state: string; start: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [state, start] = [fields[0], fields[19]];
    return state && start ? { state, start } : null;
  } catch {
    return null;
  }
}

function isSignalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return errorCode(error) === 'EPERM';
  }
}
