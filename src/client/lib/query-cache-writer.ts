import type { QueryClient } from '@tanstack/react-query';
import { BUILD_ID, toPersistedCache } from './query-persistence';
import { persistedCacheKey } from './session-storage';

/*
 * The writing half of query-persistence.ts: loaded after the page (app/pwa.ts), never part of a
 * first download. The reading half restores the answers before the first render.
 */

/** Gathers changes for this long before writing them down. */
const WRITE_DELAY_MS = 1000;

/**
 * Keeps the signed-in user's answers on the device as they arrive (a second after a change,
 * and when the page is hidden), starting with those already there. `currentUserId` is read at each write: nothing is
 * written once the user has signed out.
 */
export function startQueryPersistence(
  queryClient: QueryClient,
  storage: Storage,
  currentUserId: () => number | null,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    const userId = currentUserId();
    if (userId === null) return;
    const record = toPersistedCache(userId, queryClient, { buildId: BUILD_ID, now: Date.now() });
    try {
      storage.setItem(persistedCacheKey(userId), JSON.stringify(record));
    } catch {
      // Over the storage's quota: better nothing kept than a part.
      storage.removeItem(persistedCacheKey(userId));
    }
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    const isNewData = event.type === 'updated' && event.action.type === 'success';
    if ((isNewData || event.type === 'removed') && timer === undefined) {
      timer = setTimeout(write, WRITE_DELAY_MS);
    }
  });
  const onHidden = () => {
    if (document.visibilityState === 'hidden' && timer !== undefined) write();
  };
  document.addEventListener('visibilitychange', onHidden);
  // The answers that arrived before this module loaded.
  timer = setTimeout(write, WRITE_DELAY_MS);
  return () => {
    unsubscribe();
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onHidden);
  };
}
