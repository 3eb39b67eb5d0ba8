import type { Query, QueryClient } from '@tanstack/react-query';
import { z } from 'zod';

/*
 * The signed-in person's last loaded answers, kept on this device (issue 28 item 6), so that a
 * page opened offline shows the last known figures, with their time, instead of placeholders.
 * Kept per user (the key and the record both name them), read back only for that user, dropped
 * at sign-out and when another person signs in on this browser (lib/session.tsx), and dropped
 * with every new build (the answers' shapes may have changed; they are not parsed again).
 */

/** How long a kept answer may be shown: as long as the worker keeps the supervisor list. */
export const PERSISTED_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/** The build that wrote a record (vite.config.ts defines it; tests and dev have none). */
export const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'dev';

const PersistedQuerySchema = z.object({
  queryKey: z.array(z.unknown()),
  queryHash: z.string(),
  data: z.unknown(),
  dataUpdatedAt: z.number(),
});
type PersistedQuery = z.infer<typeof PersistedQuerySchema>;

const PersistedCacheSchema = z.object({
  userId: z.number(),
  buildId: z.string(),
  savedAt: z.number(),
  queries: z.array(PersistedQuerySchema),
});
export type PersistedCache = z.infer<typeof PersistedCacheSchema>;

/** The answers worth keeping: loaded successfully, with data. */
export function toPersistedCache(
  userId: number,
  queries: readonly Query[],
  options: { buildId: string; now: number },
): PersistedCache {
  return {
    userId,
    buildId: options.buildId,
    savedAt: options.now,
    queries: queries
      .filter((query) => query.state.status === 'success' && query.state.data !== undefined)
      .map((query) => ({
        queryKey: [...query.queryKey],
        queryHash: query.queryHash,
        data: query.state.data,
        dataUpdatedAt: query.state.dataUpdatedAt,
      })),
  };
}

/**
 * A kept record's answers, or none when the record is damaged, belongs to someone else, was
 * written by another build, or is older than PERSISTED_MAX_AGE_MS.
 */
export function parsePersistedCache(
  raw: string | null,
  expected: { userId: number; buildId: string; now: number },
): PersistedQuery[] {
  if (raw === null) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return [];
  }
  const parsed = PersistedCacheSchema.safeParse(json);
  if (!parsed.success) return [];
  const record = parsed.data;
  const isFresh = expected.now - record.savedAt <= PERSISTED_MAX_AGE_MS;
  if (record.userId !== expected.userId || record.buildId !== expected.buildId || !isFresh) {
    return [];
  }
  return record.queries;
}

/**
 * Puts a user's kept answers (`raw`, their record as stored) into the query client, before the
 * first render, so that a page reloaded offline draws them at once: main.tsx waits for this
 * module when someone is signed in (it is not part of the first download), having removed every
 * other user's record. An answer loaded meanwhile is newer and stays.
 */
export function restoreQueryCache(
  queryClient: QueryClient,
  raw: string | null,
  userId: number,
  now = Date.now(),
): void {
  const queries = parsePersistedCache(raw, { userId, buildId: BUILD_ID, now });
  const cache = queryClient.getQueryCache();
  for (const kept of queries) {
    const existing = cache.get(kept.queryHash);
    if (existing && existing.state.dataUpdatedAt >= kept.dataUpdatedAt) continue;
    cache.build(queryClient, { queryKey: kept.queryKey, queryHash: kept.queryHash }).setState({
      data: kept.data,
      dataUpdateCount: 1,
      dataUpdatedAt: kept.dataUpdatedAt,
      error: null,
      errorUpdateCount: 0,
      errorUpdatedAt: 0,
      fetchFailureCount: 0,
      fetchFailureReason: null,
      fetchMeta: null,
      // Stale whatever its age: shown at once, and asked for again as soon as it is used online
      // (it may have changed since, from another device).
      isInvalidated: true,
      status: 'success',
      fetchStatus: 'idle',
    });
  }
}
