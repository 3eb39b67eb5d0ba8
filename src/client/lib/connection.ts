import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/*
 * Whether the server can be reached, as React Query's onlineManager holds it (issue 28 item 6):
 * the browser's own reading (navigator.onLine and its online/offline events), and a request that
 * got no answer at all (the browser says online, the server is out of reach). Offline, queries
 * pause instead of failing, and the pages show what was last loaded (query-persistence.ts).
 */

/** Where the server is asked whether it is back, once a request got no answer. */
const PROBE_PATH = '/api/health';

/**
 * Seconds to wait before asking the server again, by attempt (0 first): soon at first, then
 * every half minute at most.
 */
export function probeDelaySeconds(attempt: number): number {
  return Math.min(30, 2 ** Math.max(0, attempt) * 2);
}

/**
 * Whether a failed fetch means the server was not reached: the browser's TypeError ('Failed to
 * fetch'), not a request the page gave up on itself (aborted, or its own time limit).
 */
export function isNetworkFailure(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return false;
  return error instanceof TypeError;
}

let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probeAttempt = 0;

function stopProbing(): void {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  probeAttempt = 0;
}

function scheduleProbe(): void {
  if (probeTimer !== undefined) return;
  probeTimer = setTimeout(
    () => {
      probeTimer = undefined;
      // The browser's own event says when it is back: no asking meanwhile.
      if (!navigator.onLine) return;
      probeAttempt += 1;
      fetch(PROBE_PATH, { cache: 'no-store' }).then(reportReachable, scheduleProbe);
    },
    probeDelaySeconds(probeAttempt) * 1000,
  );
}

/** A request got an answer (any status): the server is there. */
export function reportReachable(): void {
  stopProbing();
  if (!onlineManager.isOnline() && navigator.onLine) onlineManager.setOnline(true);
}

/** A request got no answer: offline until the browser or a later request says otherwise. */
export function reportUnreachable(): void {
  if (onlineManager.isOnline()) onlineManager.setOnline(false);
  if (navigator.onLine) scheduleProbe();
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
