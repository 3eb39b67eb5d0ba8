import type { ExperienceLog } from '../../../../shared/logs/experience-log.schema';
import type { LogEntryWire } from '../../../../shared/logs/log-entry.schema';
import { readUser } from '../../../lib/session-storage';
import { postLog } from './post-log';
import { keepEntry } from './queue';
import { isUnreachable } from './sender';

/**
 * The log form's save: sent with a new Idempotency-Key; when the server cannot be reached the
 * entry is kept on this device with that key (null: kept, not saved yet) and sent later, so an
 * entry whose answer was lost is not made twice.
 */
export async function sendOrKeep(body: LogEntryWire): Promise<ExperienceLog | null> {
  const key = crypto.randomUUID();
  try {
    return await postLog(body, key);
  } catch (error) {
    const user = readUser();
    if (!user || !isUnreachable(error)) throw error;
    await keepEntry(user.id, key, body);
    return null;
  }
}
