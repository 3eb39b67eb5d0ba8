import type { StoragePort, StoredObject } from '../../adapters/storage/storage.port';
import type { Db } from '../../db/client';
import { claimJobRun, periodOf } from '../../jobs/job-runs.repository';
import * as repo from './storage-sweep.repository';
import { PICTURE_PREFIX } from '../../../shared/files/profile-picture-url';

const HOUR_MS = 60 * 60_000;

/** One instance runs it each period (claimed in the database). */
export const SWEEP_INTERVAL_MINUTES = 60;

/**
 * An object is written just before the row naming it, in the same request: a day is far beyond
 * any request and clock skew. A direct picture upload is confirmed right after its 15-minute PUT
 * link. Anything else in the storage (an operator's files beside ours) is left alone.
 */
export const SWEPT_FOLDERS: readonly { prefix: string; graceMs: number }[] = [
  { prefix: 'media/', graceMs: HOUR_MS },
  { prefix: PICTURE_PREFIX, graceMs: 24 * HOUR_MS },
  { prefix: 'records/', graceMs: 24 * HOUR_MS },
  { prefix: 'forms/', graceMs: 24 * HOUR_MS },
  { prefix: 'certificates/', graceMs: 24 * HOUR_MS },
];

const ABANDONED_WRITE_GRACE_MS = 24 * HOUR_MS;

const BATCH = 500;

export function isPastGrace(object: StoredObject, now: Date): boolean {
  const folder = SWEPT_FOLDERS.find(({ prefix }) => object.key.startsWith(prefix));
  return folder !== undefined && now.getTime() - object.lastModified.getTime() > folder.graceMs;
}

/**
 * Orphans come from a process killed between object and row, a picture never confirmed, a failed
 * removal of a replaced file, a row deleted by hand. Claimed per period, so instances sweep once.
 */
export async function sweepStorage(ctx: {
  db: Db;
  storage: StoragePort;
  now: Date;
}): Promise<number> {
  const { db, storage, now } = ctx;
  if (!(await claimJobRun(db, 'storage-sweep', periodOf(now, SWEEP_INTERVAL_MINUTES * 60_000)))) {
    return 0;
  }
  let removed = await storage.removeAbandonedWrites(
    new Date(now.getTime() - ABANDONED_WRITE_GRACE_MS),
  );
  const removeUnnamed = async (keys: string[]) => {
    const named = await repo.referencedKeys(db, keys);
    for (const key of keys) {
      if (named.has(key)) continue;
      await storage.delete(key);
      removed += 1;
    }
  };
  for (const { prefix } of SWEPT_FOLDERS) {
    let batch: string[] = [];
    for await (const object of storage.list(prefix)) {
      if (!isPastGrace(object, now)) continue;
      batch.push(object.key);
      if (batch.length === BATCH) {
        await removeUnnamed(batch);
        batch = [];
      }
    }
    await removeUnnamed(batch);
  }
  return removed;
}
