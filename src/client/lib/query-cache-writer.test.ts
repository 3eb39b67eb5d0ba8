import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from './memory-storage.fixture';
import { startQueryPersistence } from './query-cache-writer';
import { BUILD_ID, parsePersistedCache } from './query-persistence';
import { persistedCacheKey } from './session-storage';

/** The page's visibility, as `document` reports it; the unit tests run without a DOM. */
class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  hide() {
    this.visibilityState = 'hidden';
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

const USER = 7;
const NOW = Date.UTC(2026, 10, 28, 12, 0);
let page: FakeDocument;
let storage: MemoryStorage;
let client: QueryClient;
let userId: number | null;
let stop: () => void;

/** What is kept for USER: the kept queries' keys and data, or null. */
function kept() {
  const raw = storage.getItem(persistedCacheKey(USER));
  if (raw === null) return null;
  const queries = parsePersistedCache(raw, { userId: USER, buildId: BUILD_ID, now: NOW });
  return queries.map((query) => [query.queryKey, query.state.data]);
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  page = new FakeDocument();
  vi.stubGlobal('document', page);
  storage = new MemoryStorage();
  client = new QueryClient();
  userId = USER;
  client.setQueryData(['progress', 'accrued'], { hours: 12 });
  stop = startQueryPersistence(client, storage, () => userId);
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('startQueryPersistence', () => {
  it('writes the answers already there a second after it starts, not before', () => {
    vi.advanceTimersByTime(999);
    expect(storage.keys()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(kept()).toEqual([[['progress', 'accrued'], { hours: 12 }]]);
  });

  it('writes new answers down a second after they arrive, several in one write', () => {
    vi.advanceTimersByTime(1000);
    const write = vi.spyOn(storage, 'setItem');
    client.setQueryData(['logs', '2026-11'], ['entry']);
    client.setQueryData(['progress', 'accrued'], { hours: 13 });
    expect(write).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(write).toHaveBeenCalledTimes(1);
    expect(kept()).toEqual([
      [['progress', 'accrued'], { hours: 13 }],
      [['logs', '2026-11'], ['entry']],
    ]);
  });

  it('forgets a removed answer', () => {
    vi.advanceTimersByTime(1000);
    client.removeQueries({ queryKey: ['progress', 'accrued'] });
    vi.advanceTimersByTime(1000);
    expect(kept()).toEqual([]);
  });

  it('writes at once when the page is hidden with a change pending', () => {
    vi.advanceTimersByTime(1000);
    client.setQueryData(['logs', '2026-11'], ['entry']);
    page.hide();
    expect(kept()).toContainEqual([['logs', '2026-11'], ['entry']]);
  });

  it('writes nothing once the user has signed out', () => {
    userId = null;
    vi.advanceTimersByTime(1000);
    expect(storage.keys()).toEqual([]);
  });

  it('keeps nothing rather than a part when the storage is full', () => {
    vi.advanceTimersByTime(1000);
    expect(kept()).not.toBeNull();
    vi.spyOn(storage, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    client.setQueryData(['logs', '2026-11'], ['entry']);
    vi.advanceTimersByTime(1000);
    expect(storage.keys()).toEqual([]);
  });

  it('writes nothing after it is stopped', () => {
    stop();
    client.setQueryData(['logs', '2026-11'], ['entry']);
    page.hide();
    vi.advanceTimersByTime(5000);
    expect(storage.keys()).toEqual([]);
  });
});
