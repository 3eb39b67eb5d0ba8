import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExperienceLog } from '../../../../shared/logs/experience-log.schema';
import { createLogPayload } from '../../../../shared/logs/log-entry.factory';
import type { LogEntryWire } from '../../../../shared/logs/log-entry.schema';
import { ApiError } from '../../../lib/api-client';
import {
  claimEntry,
  closeQueue,
  keepEntry,
  LEASE_MS,
  listEntries,
  replaceEntry,
  subscribe,
  type QueueEvent,
} from './queue';
import { sendWaiting, type SendOptions } from './sender';

const ME = 7;
const OTHER = 8;
const KEY = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const body = (date: string): LogEntryWire => createLogPayload({ date_of_experience: date });

/** A server that answers each POST as told, and records what it was sent. */
function fakeServer(answer: (body: LogEntryWire, key: string) => 'ok' | ApiError) {
  const posted: { key: string; date: unknown }[] = [];
  const post = async (sent: LogEntryWire, key: string): Promise<ExperienceLog> => {
    posted.push({ key, date: sent.date_of_experience });
    const outcome = answer(sent, key);
    if (outcome !== 'ok') throw outcome;
    return {
      id: posted.length,
      date_of_experience: String(sent.date_of_experience),
    } as ExperienceLog;
  };
  return { posted, post };
}

const options = (post: SendOptions['post'], extra: Partial<SendOptions> = {}): SendOptions => ({
  userId: ME,
  currentUserId: () => ME,
  post,
  ...extra,
});

const offline = () => new ApiError(0, 'UNAVAILABLE', 'Cannot reach the server.');

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => closeQueue());

describe('the offline log queue', () => {
  it("keeps each user's entries apart, oldest first, waiting", async () => {
    await keepEntry(ME, KEY(1), body('2026-03-02'));
    await keepEntry(OTHER, KEY(2), body('2026-03-03'));
    await keepEntry(ME, KEY(3), body('2026-03-04'));
    const mine = await listEntries(ME);
    expect(mine.map((entry) => [entry.key, entry.state, entry.error])).toEqual([
      [KEY(1), 'waiting', null],
      [KEY(3), 'waiting', null],
    ]);
    expect((await listEntries(OTHER)).map((entry) => entry.key)).toEqual([KEY(2)]);
  });

  it('sends each waiting entry once with its key and removes it, announcing it', async () => {
    const events: QueueEvent[] = [];
    const unsubscribe = subscribe((event) => events.push(event));
    await keepEntry(ME, KEY(1), body('2026-03-02'));
    await keepEntry(OTHER, KEY(2), body('2026-03-03'));
    const server = fakeServer(() => 'ok');
    expect(await sendWaiting(options(server.post))).toEqual({
      sent: 1,
      conflicts: 0,
      unreachable: false,
    });
    expect(server.posted).toEqual([{ key: KEY(1), date: '2026-03-02' }]);
    expect(await listEntries(ME)).toEqual([]);
    expect((await listEntries(OTHER)).map((entry) => entry.state)).toEqual(['waiting']);
    // A second round finds nothing more to send.
    await sendWaiting(options(server.post));
    expect(server.posted).toHaveLength(1);
    await expect
      .poll(() => events.find((event) => event.type === 'sent'))
      .toEqual({
        type: 'sent',
        key: KEY(1),
        date: '2026-03-02',
      });
    unsubscribe();
  });

  it('keeps a refused entry as a conflict with the server’s words, and never resends it', async () => {
    await keepEntry(ME, KEY(1), body('2026-03-02'));
    const overlap = new ApiError(400, 'VALIDATION', 'Invalid log', {
      time_of_expereince_start: ['This entry overlaps your log of 3/2/2026, 09:00–12:00.'],
    });
    const server = fakeServer(() => overlap);
    expect((await sendWaiting(options(server.post))).conflicts).toBe(1);
    const [entry] = await listEntries(ME);
    expect(entry?.state).toBe('conflict');
    expect(entry?.error).toEqual(['This entry overlaps your log of 3/2/2026, 09:00–12:00.']);
    await sendWaiting(options(server.post));
    expect(server.posted).toHaveLength(1);
  });

  it('keeps a signed month as a conflict with its message', async () => {
    await keepEntry(ME, KEY(1), body('2026-03-02'));
    const signed = new ApiError(409, 'CONFLICT', 'Your supervisor signed off this month.');
    await sendWaiting(options(fakeServer(() => signed).post));
    expect((await listEntries(ME))[0]?.error).toEqual(['Your supervisor signed off this month.']);
  });

  it('stops at the first entry the server does not answer, leaving all waiting', async () => {
    await keepEntry(ME, KEY(1), body('2026-03-02'));
    await keepEntry(ME, KEY(2), body('2026-03-03'));
    for (const failure of [offline(), new ApiError(503, 'UNAVAILABLE', 'Busy')]) {
      const server = fakeServer(() => failure);
      expect((await sendWaiting(options(server.post))).unreachable).toBe(true);
      expect(server.posted.map((sent) => sent.key)).toEqual([KEY(1)]);
      expect((await listEntries(ME)).map((entry) => entry.state)).toEqual(['waiting', 'waiting']);
    }
  });

  it("never sends a user's entries with another user's session", async () => {
    await keepEntry(ME, KEY(1), body('2026-03-02'));
    const server = fakeServer(() => 'ok');
    await sendWaiting(options(server.post, { currentUserId: () => OTHER }));
    await sendWaiting(options(server.post, { currentUserId: () => null }));
    expect(server.posted).toEqual([]);
    expect(await listEntries(ME)).toHaveLength(1);
  });

  it('lets one of two tabs claim an entry, and another take it back once the lease runs out', async () => {
    await keepEntry(ME, KEY(1), body('2026-03-02'));
    const now = 1_000_000;
    const claims = await Promise.all([claimEntry(KEY(1), now), claimEntry(KEY(1), now)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimEntry(KEY(1), now + LEASE_MS - 1)).toBeUndefined();
    expect((await claimEntry(KEY(1), now + LEASE_MS + 1))?.state).toBe('sending');
  });

  it('sends each entry once when two tabs send at the same time', async () => {
    for (const n of [1, 2, 3]) await keepEntry(ME, KEY(n), body(`2026-03-0${n + 1}`));
    const server = fakeServer(() => 'ok');
    await Promise.all([sendWaiting(options(server.post)), sendWaiting(options(server.post))]);
    expect(server.posted.map((sent) => sent.key).sort()).toEqual([KEY(1), KEY(2), KEY(3)]);
    expect(await listEntries(ME)).toEqual([]);
  });

  it('gives an edited entry a new key and sends it again', async () => {
    await keepEntry(ME, KEY(1), body('2026-03-02'));
    const refused = new ApiError(409, 'CONFLICT', 'Your supervisor signed off this month.');
    await sendWaiting(options(fakeServer(() => refused).post));
    await replaceEntry(KEY(1), KEY(2), body('2026-03-09'));
    expect((await listEntries(ME)).map((entry) => [entry.key, entry.state, entry.error])).toEqual([
      [KEY(2), 'waiting', null],
    ]);
    const server = fakeServer(() => 'ok');
    await sendWaiting(options(server.post));
    expect(server.posted).toEqual([{ key: KEY(2), date: '2026-03-09' }]);
  });
});
