import { invalidateAfterLogChange } from '../lib/invalidate-logs';
import { startQueryPersistence } from '../lib/query-cache-writer';
import { readUser } from '../lib/session-storage';
import { queryClient } from './app';

/*
 * Loaded after the page (main.tsx), so that none of it weighs on a first screen: the service
 * worker that lets the app open offline, the keeping of the signed-in person's answers on the
 * device (docs/decisions/025-offline-after-reload.md), and, for a signed-in trainee, the sending
 * of log entries kept on this device (docs/decisions/023-offline-log-form.md). A trainee who
 * signs in later starts it from the log page (its waiting list).
 */
// Only the build has a worker (vite-plugin-pwa writes it at build time).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}
startQueryPersistence(queryClient, localStorage, () => readUser()?.id ?? null);
if (readUser()?.is_supervisor === false) {
  void import('../features/logs/offline/background').then(({ startSending }) =>
    startSending(() => void invalidateAfterLogChange(queryClient)),
  );
}
