import { readToken, readUser } from '../../../lib/session-storage';
import { postLog } from './post-log';
import { subscribe } from './queue';
import { sendWaiting, type SendResult } from './sender';

/*
 * When the kept entries are sent: on the app's start, whenever the browser is back online, and
 * when the trainee asks (an edited entry). Only the signed-in trainee's own entries, with their
 * own session.
 */

/** One round for whoever is signed in now (nothing for a supervisor or nobody). */
export async function sendNow(): Promise<SendResult | undefined> {
  const user = readUser();
  if (!user || user.is_supervisor || !readToken()) return undefined;
  return sendWaiting({
    userId: user.id,
    currentUserId: () => (readToken() ? (readUser()?.id ?? null) : null),
    post: postLog,
  });
}

let started = false;

/** Starts sending (once per page); `onSent` runs when an entry, from any tab, was sent. */
export function startSending(onSent: () => void): void {
  if (started) return;
  started = true;
  subscribe((event) => {
    if (event.type === 'sent') onSent();
  });
  window.addEventListener('online', () => void sendNow());
  void sendNow();
}
