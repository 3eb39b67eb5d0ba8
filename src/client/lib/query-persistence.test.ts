import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  BUILD_ID,
  PERSISTED_MAX_AGE_MS,
  PERSISTED_VERSION,
  parsePersistedCache,
  restoreQueryCache,
  toPersistedCache,
} from './query-persistence';
import { MemoryStorage } from './memory-storage.fixture';
import { clearPersistedCaches, persistedCacheKey } from './session-storage';

const NOW = Date.UTC(2026, 10, 28, 12, 0);
const ACCRUED = { total: { independent_hours: 12 } };

/** A query client holding the accrued totals loaded at `at`, and one query that failed. */
async function clientWithAnswers(at: number) {
  const client = new QueryClient();
  client.setQueryData(['progress', 'accrued'], ACCRUED, { updatedAt: at });
  await client
    .fetchQuery({
      queryKey: ['billing', 'subscription'],
      queryFn: () => Promise.reject(new Error('refused')),
      retry: false,
    })
    .catch(() => undefined);
  return client;
}

async function recordOf(userId: number, options: { buildId?: string; savedAt?: number } = {}) {
  const client = await clientWithAnswers(NOW - 60_000);
  return JSON.stringify(
    toPersistedCache(userId, client, {
      buildId: options.buildId ?? BUILD_ID,
      now: options.savedAt ?? NOW,
    }),
  );
}

describe('the answers kept on the device', () => {
  it('keeps the loaded answers with their time, not the failed ones', async () => {
    const client = await clientWithAnswers(NOW - 60_000);
    const record = toPersistedCache(7, client, { buildId: 'b1', now: NOW });
    // The one loaded answer, as TanStack Query's dehydrate writes it (the rest of its state is
    // TanStack Query's own).
    expect(record).toMatchObject({
      version: PERSISTED_VERSION,
      userId: 7,
      buildId: 'b1',
      savedAt: NOW,
      queries: [
        {
          queryKey: ['progress', 'accrued'],
          queryHash: '["progress","accrued"]',
          state: { status: 'success', data: ACCRUED, dataUpdatedAt: NOW - 60_000 },
        },
      ],
    });
    expect(record.queries).toHaveLength(1);
    expect(record).not.toHaveProperty('mutations');
  });

  it.each([
    ['the same user, build and a fresh record', {}, 1],
    ['another user', { userId: 8 }, 0],
    ['another build', { buildId: 'another' }, 0],
    ['a record past the age limit', { now: NOW + PERSISTED_MAX_AGE_MS + 1 }, 0],
    ['a record just within the age limit', { now: NOW + PERSISTED_MAX_AGE_MS }, 1],
  ])('reads back %s: %i answers', async (_case, expected, count) => {
    const raw = await recordOf(7);
    const queries = parsePersistedCache(raw, {
      userId: 7,
      buildId: BUILD_ID,
      now: NOW,
      ...expected,
    });
    expect(queries).toHaveLength(count);
  });

  it.each([
    ['nothing', null],
    ['damaged text', '{"userId":7,'],
    ['another shape', JSON.stringify({ userId: 7, queries: 'all' })],
    [
      'a record of the earlier shape (no version, the data beside the key)',
      JSON.stringify({
        userId: 7,
        buildId: BUILD_ID,
        savedAt: NOW,
        queries: [
          {
            queryKey: ['progress', 'accrued'],
            queryHash: '["progress","accrued"]',
            data: ACCRUED,
            dataUpdatedAt: NOW - 60_000,
          },
        ],
      }),
    ],
    [
      'a record of another version',
      JSON.stringify({
        version: PERSISTED_VERSION + 1,
        userId: 7,
        buildId: BUILD_ID,
        savedAt: NOW,
        queries: [],
      }),
    ],
  ])('reads no answers from %s', (_case, raw) => {
    expect(parsePersistedCache(raw, { userId: 7, buildId: BUILD_ID, now: NOW })).toEqual([]);
  });

  it("restores a user's answers, stale, and never another user's", async () => {
    const client = new QueryClient();
    restoreQueryCache(client, await recordOf(8), 8, NOW);
    expect(client.getQueryData(['progress', 'accrued'])).toEqual(ACCRUED);
    expect(client.getQueryState(['progress', 'accrued'])).toMatchObject({
      status: 'success',
      fetchStatus: 'idle',
      dataUpdatedAt: NOW - 60_000,
      // Asked for again once used online, however recent.
      isInvalidated: true,
    });
    // Stale even to a page whose answers are fresh for a while (the app's staleTime is 30 s).
    const observer = new QueryObserver(client, {
      queryKey: ['progress', 'accrued'],
      staleTime: 60 * 60 * 1000,
    });
    expect(observer.getCurrentResult()).toMatchObject({ data: ACCRUED, isStale: true });

    const someoneElse = new QueryClient();
    restoreQueryCache(someoneElse, await recordOf(7), 8, NOW);
    expect(someoneElse.getQueryData(['progress', 'accrued'])).toBeUndefined();
    expect(someoneElse.getQueryCache().getAll()).toEqual([]);
  });

  it('does not replace an answer loaded after the kept one', async () => {
    const client = new QueryClient();
    client.setQueryData(['progress', 'accrued'], { fresh: true }, { updatedAt: NOW });
    restoreQueryCache(client, await recordOf(7), 7, NOW);
    expect(client.getQueryData(['progress', 'accrued'])).toEqual({ fresh: true });
  });

  it('replaces an answer loaded before the kept one', async () => {
    const client = new QueryClient();
    client.setQueryData(['progress', 'accrued'], { old: true }, { updatedAt: NOW - 120_000 });
    restoreQueryCache(client, await recordOf(7), 7, NOW);
    expect(client.getQueryData(['progress', 'accrued'])).toEqual(ACCRUED);
    expect(client.getQueryState(['progress', 'accrued'])?.isInvalidated).toBe(true);
  });

  it("clears every user's answers, or all but one user's", async () => {
    const storage = new MemoryStorage();
    storage.setItem(persistedCacheKey(7), await recordOf(7));
    storage.setItem(persistedCacheKey(8), await recordOf(8));
    storage.setItem('user', '{}');
    clearPersistedCaches(storage, 7);
    expect(storage.keys()).toEqual([persistedCacheKey(7), 'user']);
    clearPersistedCaches(storage);
    expect(storage.keys()).toEqual(['user']);
  });
});
