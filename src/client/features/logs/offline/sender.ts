import type { ExperienceLog } from '../../../../shared/logs/experience-log.schema';
import type { LogEntryWire } from '../../../../shared/logs/log-entry.schema';
import { ApiError } from '../../../lib/api-client';
import { announce, claimEntry, listEntries, removeEntry, settleEntry } from './queue';

/*
 * Sends the kept entries, one at a time, each with its Idempotency-Key (decision 023): sent ones
 * leave the queue, refused ones wait as conflicts for the trainee, and the first one the server
 * does not answer stops the round (the rest wait for the next).
 */

/** No answer, or one that may heal (the server's fault, a timeout, too many requests). */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status >= 500 || [408, 429].includes(error.status);
}

/** The server's words for a refused entry: the form rules' messages, without field names. */
export function refusalMessages(error: unknown): string[] {
  if (!(error instanceof ApiError)) return ['This entry could not be sent.'];
  const messages = Object.values(error.fields).flat();
  return messages.length > 0 ? messages : [error.message];
}

export type SendOptions = {
  userId: number;
  /** Who is signed in now: an entry is only sent with its own user's session. */
  currentUserId: () => number | null;
  post: (body: LogEntryWire, key: string) => Promise<ExperienceLog>;
  now?: () => number;
};

export type SendResult = { sent: number; conflicts: number; unreachable: boolean };

async function sendRound(options: SendOptions): Promise<SendResult> {
  const now = options.now ?? Date.now;
  const result: SendResult = { sent: 0, conflicts: 0, unreachable: false };
  for (const { key } of await listEntries(options.userId)) {
    if (options.currentUserId() !== options.userId) break;
    const entry = await claimEntry(key, now());
    if (!entry) continue;
    try {
      const log = await options.post(entry.body, entry.key);
      await removeEntry(entry.key);
      announce({ type: 'sent', key: entry.key, date: log.date_of_experience });
      result.sent += 1;
    } catch (error) {
      // Unanswered, or the session ended (401): it waits, for the next round or sign-in.
      if (!(error instanceof ApiError) || isUnreachable(error) || error.status === 401) {
        await settleEntry(entry.key, 'waiting');
        result.unreachable = true;
        break;
      }
      await settleEntry(entry.key, 'conflict', refusalMessages(error));
      result.conflicts += 1;
    }
  }
  return result;
}

/**
 * One round over the user's waiting entries. Tabs take turns (a Web Lock where the browser has
 * them); where not, each entry is claimed with a lease in IndexedDB, so no two tabs send it.
 */
export async function sendWaiting(options: SendOptions): Promise<SendResult> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return sendRound(options);
  return locks.request('fieldwork-log-queue', () => sendRound(options));
}
