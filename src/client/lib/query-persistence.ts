import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';

/*
 * The signed-in person's last loaded answers, kept on this device (issue 28 item 6), so that a
 * page opened offline shows the last known figures, with their time, instead of placeholders.
 * Kept per user (the key and the record both name them), read back only for that user, dropped
 * at sign-out and when another person signs in on this browser (lib/session.tsx), and dropped
 * with every new build (the answers' shapes may have changed; they are not parsed again).
 * The answers are TanStack Query's own `dehydrate` of the cache, put back with its `hydrate`
 * (issue 37): the cache's state is never built here.
 */

/** How long a kept answer may be shown: as long as the worker keeps the supervisor list. */
export const PERSISTED_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/** The build that wrote a record (vite.config.ts defines it; tests and dev have none). */
export const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'dev';

/**
 * The record's shape. 2: each query as `dehydrate` writes it (its state under `state`); 1 (no
 * version) held the data and time beside the key, and is read as nothing (the writer replaces it).
 */
export const PERSISTED_VERSION = 2;

type DehydratedQuery = DehydratedState['queries'][number];

/** What a kept query must have to be put back: TanStack Query's own record of a loaded answer. */
const DehydratedQueryShape = z.looseObject({
  queryKey: z.array(z.unknown()),
  queryHash: z.string(),
  state: z.looseObject({
    status: z.literal('success'),
    data: z.unknown(),
    dataUpdatedAt: z.number(),
  }),
});

const PersistedCacheSchema = z.object({
  version: z.literal(PERSISTED_VERSION),
  userId: z.number(),
  buildId: z.string(),
  savedAt: z.number(),
  // Written by `dehydrate` of this same build (the build is checked below): the rest of each
  // query's state is TanStack Query's, and passes through as it wrote it.
  queries: z.array(
    z.custom<DehydratedQuery>((value) => DehydratedQueryShape.safeParse(value).success),
  ),
});
export type PersistedCache = z.infer<typeof PersistedCacheSchema>;

/** The answers worth keeping: loaded successfully, with data. No mutation is kept. */
export function toPersistedCache(
  userId: number,
  queryClient: QueryClient,
  options: { buildId: string; now: number },
): PersistedCache {
  const { queries } = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' && query.state.data !== undefined,
    shouldDehydrateMutation: () => false,
  });
  return {
    version: PERSISTED_VERSION,
    userId,
    buildId: options.buildId,
    savedAt: options.now,
    queries,
  };
}

/**
 * A kept record's answers, or none when the record is damaged, of another shape (an older
 * version), belongs to someone else, was written by another build, or is older than
 * PERSISTED_MAX_AGE_MS.
 */
export function parsePersistedCache(
  raw: string | null,
  expected: { userId: number; buildId: string; now: number },
): DehydratedQuery[] {
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
 * other user's record. An answer loaded meanwhile is newer and stays (`hydrate` keeps it).
 */
export function restoreQueryCache(
  queryClient: QueryClient,
  raw: string | null,
  userId: number,
  now = Date.now(),
): void {
  const queries = parsePersistedCache(raw, { userId, buildId: BUILD_ID, now });
  hydrate(queryClient, {
    mutations: [],
    // Stale whatever its age: shown at once, and asked for again as soon as it is used online
    // (it may have changed since, from another device). Invalidated rather than dated 0: its
    // time is what the pages show beside it ("Last updated today at …").
    queries: queries.map((query) => ({ ...query, state: { ...query.state, isInvalidated: true } })),
  });
}
