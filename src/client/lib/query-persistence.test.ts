import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  BUILD_ID,
  PERSISTED_MAX_AGE_MS,
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
    toPersistedCache(userId, client.getQueryCache().getAll(), {
      buildId: options.buildId ?? BUILD_ID,
      now: options.savedAt ?? NOW,
    }),
  );
}

describe('the answers kept on the device', () => {
  it('keeps the loaded answers with their time, not the failed ones', async () => {
    const client = await clientWithAnswers(NOW - 60_000);
    const record = toPersistedCache(7, client.getQueryCache().getAll(), {
      buildId: 'b1',
      now: NOW,
    });
    expect(record).toEqual({
      userId: 7,
      buildId: 'b1',
      savedAt: NOW,
      queries: [
        {
          queryKey: ['progress', 'accrued'],
          queryHash: '["progress","accrued"]',
          data: ACCRUED,
          dataUpdatedAt: NOW - 60_000,
        },
      ],
    });
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
  ])('reads no answers from %s', (_case, raw) => {
    expect(parsePersistedCache(raw, { userId: 7, buildId: BUILD_ID, now: NOW })).toEqual([]);
  });

  it("restores a user's answers, stale, and never another user's", async () => {
    const client = new QueryClient();
    restoreQueryCache(client, await recordOf(8), 8, NOW);
    expect(client.getQueryData(['progress', 'accrued'])).toEqual(ACCRUED);
    expect(client.getQueryState(['progress', 'accrued'])).toMatchObject({
      status: 'success',
      dataUpdatedAt: NOW - 60_000,
      // Asked for again once used online, however recent.
      isInvalidated: true,
    });

    const someoneElse = new QueryClient();
    restoreQueryCache(someoneElse, await recordOf(7), 8, NOW);
    expect(someoneElse.getQueryCache().getAll()).toEqual([]);
  });

  it('does not replace an answer loaded after the kept one', async () => {
    const client = new QueryClient();
    client.setQueryData(['progress', 'accrued'], { fresh: true }, { updatedAt: NOW });
    restoreQueryCache(client, await recordOf(7), 7, NOW);
    expect(client.getQueryData(['progress', 'accrued'])).toEqual({ fresh: true });
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
