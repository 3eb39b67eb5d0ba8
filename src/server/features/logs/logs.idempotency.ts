import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { LogEntryInput } from '../../../shared/logs/log-entry.schema';
import type { Db } from '../../db/client';
import { experienceLogs } from '../../db/schema';
import { selectRecords, type LogRecord } from './logs.records.repository';

/*
 * The Idempotency-Key of POST /api/v1/experience-log/ (decision 023): the offline log form sends
 * each entry with a key of its own and may send it again (a lost answer, another tab), so a key
 * the trainee already used answers with the log it made instead of writing a second one.
 */

/** The header as the route reads it: a client-made UUID, or none (an ordinary create). */
export const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .uuid({ error: 'Idempotency-Key must be a UUID (one per entry, made by the client).' })
    .optional(),
});

/** Same key, another entry: the client reused a key, which must never write or return a log. */
export const KEY_REUSED =
  'This Idempotency-Key was already used for a different entry. Send a new entry with a new key.';

/** What a repeated request is compared by: the entry as the shared rules read it. */
export function digestOf(entry: LogEntryInput): string {
  return createHash('sha256').update(JSON.stringify(entry)).digest('base64url');
}

/** The trainee's log made with `key` (deleted or not), with the digest of its request. */
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
