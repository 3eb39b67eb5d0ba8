import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/*
 * Whether the server can be reached, as React Query's onlineManager holds it (issue 28 item 6):
 * the browser's own reading (navigator.onLine and its online/offline events), and a request that
 * got no answer at all (the browser says online, the server is out of reach). Offline, queries
 * pause instead of failing, and the pages show what was last loaded (query-persistence.ts).
 */

/**
 * Whether a failed fetch means the server was not reached: the browser's TypeError ('Failed to
 * fetch'), not a request the page gave up on itself (aborted, or its own time limit).
 */
export function isNetworkFailure(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return false;
  return error instanceof TypeError;
}

/** A request got an answer (any status): the server is there. */
export function reportReachable(): void {
  if (!onlineManager.isOnline() && navigator.onLine) onlineManager.setOnline(true);
}

/**
 * A request got no answer: offline until the browser says it is back (its online event) or the
 * server answers again (asked now and then meanwhile: connection-probe.ts, loaded only then).
 */
export function reportUnreachable(): void {
  if (!onlineManager.isOnline()) return;
  onlineManager.setOnline(false);
  if (navigator.onLine)
    void import('./connection-probe').then((probe) => probe.startProbing(reportReachable));
}

/**
 * Starts from the browser's reading (React Query's own listener, which follows its online and
 * offline events, starts by assuming online: a page reloaded offline would try anyway).
 */
export function watchConnection(): void {
  onlineManager.setOnline(navigator.onLine);
}

/** True while the server cannot be reached (re-renders when that changes). */
export function useIsOffline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => !onlineManager.isOnline(),
    () => false,
  );
}

/**
 * A query that has nothing to show and waits for the connection (React Query pauses it
 * offline): its place says so (OfflineState) instead of a placeholder that would never end.
 */
export function isWaitingForConnection(query: {
  isPending: boolean;
  fetchStatus: string;
}): boolean {
  return query.isPending && query.fetchStatus === 'paused';
}
