import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { LogEntryInput } from '../../../shared/logs/log-entry.schema';
import type { Db } from '../../db/client';
import { experienceLogs } from '../../db/schema';
import { selectRecords, type LogRecord } from './logs.records.repository';

/*
 * Decision 023: the offline log form may send an entry again (a lost answer, another tab), so a
 * used key answers with the log it made instead of writing a second one.
 */

export const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .uuid({ error: 'Idempotency-Key must be a UUID (one per entry, made by the client).' })
    .optional(),
});

/** Same key, another entry: the client reused a key, which must never write or return a log. */
export const KEY_REUSED =
  'This Idempotency-Key was already used for a different entry. Send a new entry with a new key.';

export function digestOf(entry: LogEntryInput): string {
  return createHash('sha256').update(JSON.stringify(entry)).digest('base64url');
}

export async function findByIdempotencyKey(
  db: Db,
  traineeId: number,
  key: string,
): Promise<LogRecord | undefined> {
  const [row] = await selectRecords(db)
    .where(and(eq(experienceLogs.traineeId, traineeId), eq(experienceLogs.idempotencyKey, key)))
    .limit(1);
  return row;
}
