import { onlineManager } from '@tanstack/react-query';

/*
 * Asking the server whether it is back, after a request got no answer while the browser said
 * it was online (connection.ts): no event will say so, and offline queries do not ask.
 */

/** Where the server is asked. */
const PROBE_PATH = '/api/health';

/**
 * Seconds to wait before asking the server again, by attempt (0 first): soon at first, then
 * every half minute at most.
 */
export function probeDelaySeconds(attempt: number): number {
  return Math.min(30, 2 ** Math.max(0, attempt) * 2);
}

let isProbing = false;

/** Asks until the server answers (then `onAnswer`), or the app is online again by other means. */
export function startProbing(onAnswer: () => void): void {
  if (isProbing) return;
  isProbing = true;
  const ask = (attempt: number) =>
    setTimeout(
      () => {
        // Back by other means (a request answered, or the browser's events: they say when).
        if (onlineManager.isOnline() || !navigator.onLine) {
          isProbing = false;
          return;
        }
        fetch(PROBE_PATH, { cache: 'no-store' }).then(
          () => {
            isProbing = false;
            onAnswer();
          },
          () => ask(attempt + 1),
        );
      },
      probeDelaySeconds(attempt) * 1000,
    );
  ask(0);
}
