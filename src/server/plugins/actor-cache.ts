import pg from 'pg';
import type { Db } from '../db/client';

/*
 * Token answers kept a few seconds (decision 016). Migration 0015's triggers pg_notify
 * 'actor_changed' and every instance forgets that user; the cache is off while not listening.
 * A kept answer waits for a catch-up round trip, so a change committed before a request is
 * always honoured across instances (decision 021).
 */

/** A bound, should a notification be missed. */
const TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;
const CHANNEL = 'actor_changed';

type Entry<T> = { userId: number; value: T; expiresAt: Date; storedAt: number };

export type ActorCache<T> = {
  get: (hash: string, now: Date) => Promise<T | undefined>;
  load: (
    hash: string,
    load: () => Promise<{ userId: number; value: T; expiresAt: Date } | null>,
  ) => Promise<T | null>;
  forget: (userId: number) => void;
  isListening: () => boolean;
  close: () => Promise<void>;
};

const caches = new WeakMap<Db, ActorCache<unknown>>();

export function forgetActor(db: Db, userId: number): void {
  caches.get(db)?.forget(userId);
}

type PgliteLike = {
  listen: (channel: string, callback: (payload: string) => void) => Promise<unknown>;
  unlisten: (channel: string, callback: (payload: string) => void) => Promise<void>;
};
type PoolLike = { options: pg.ClientConfig };

/**
 * PostgreSQL delivers earlier-committed notifications before answering a query. Callers share
 * only a round trip sent after they called: one already in flight may predate their change.
 */
function catchUpWith(listener: pg.Client): () => Promise<void> {
  let inFlight: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const catchUp = (): Promise<void> => {
    if (!inFlight) {
      inFlight = listener
        .query('select 1')
        .then(() => undefined)
        .finally(() => {
          inFlight = undefined;
        });
      return inFlight;
    }
    queued ??= inFlight
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return catchUp();
      });
    return queued;
  };
  return catchUp;
}

export function createActorCache<T>(db: Db): ActorCache<T> {
  const entries = new Map<string, Entry<T>>();
  const byUser = new Map<number, Set<string>>();
  let generation = 0;
  let listening = false;
  let closed = false;
  let stopListening: () => Promise<void> = async () => undefined;
  let catchUp: () => Promise<void> = async () => undefined;
  let retry: NodeJS.Timeout | undefined;

  const clear = () => {
    entries.clear();
    byUser.clear();
    generation += 1;
  };
  const forget = (userId: number) => {
    generation += 1;
    for (const hash of byUser.get(userId) ?? []) entries.delete(hash);
    byUser.delete(userId);
  };
  const onNotification = (payload: string | undefined) => {
    const userId = Number(payload);
    if (Number.isInteger(userId)) forget(userId);
    else clear();
  };
  const drop = (hash: string) => {
    const entry = entries.get(hash);
    if (!entry) return;
    entries.delete(hash);
    byUser.get(entry.userId)?.delete(hash);
  };

  const client = (db as unknown as { $client: PgliteLike | PoolLike }).$client;
  const scheduleRetry = () => {
    if (closed) return;
    retry = setTimeout(() => void listen().catch(scheduleRetry), 1000);
    retry.unref();
  };
  const listen = async () => {
    if ('listen' in client) {
      const pglite = client;
      await pglite.listen(CHANNEL, onNotification);
      listening = true;
      stopListening = () => pglite.unlisten(CHANNEL, onNotification).catch(() => undefined);
      return;
    }
    const listener = new pg.Client(client.options);
    let lostOnce = false;
    const lost = () => {
      if (lostOnce) return;
      lostOnce = true;
      listening = false;
      clear();
      listener.removeAllListeners();
      listener.on('error', () => undefined);
      void listener.end().catch(() => undefined);
      scheduleRetry();
    };
    listener.on('error', lost);
    listener.on('end', lost);
    listener.on('notification', (message) => onNotification(message.payload));
    try {
      await listener.connect();
      await listener.query(`listen ${CHANNEL}`);
    } catch {
      lost();
      return;
    }
    // Whatever changed while nobody listened is unknown: start empty.
    clear();
    catchUp = catchUpWith(listener);
    listening = !closed;
    stopListening = async () => {
      lostOnce = true;
      listener.removeAllListeners();
      listener.on('error', () => undefined);
      await listener.end().catch(() => undefined);
    };
    if (closed) await stopListening();
  };
  void listen().catch(scheduleRetry);

  const cache: ActorCache<T> = {
    get: async (hash, now) => {
      if (!listening || !entries.has(hash)) return undefined;
      try {
        await catchUp();
      } catch {
        return undefined;
      }
      const entry = listening ? entries.get(hash) : undefined;
      if (!entry) return undefined;
      if (entry.expiresAt <= now || Date.now() - entry.storedAt > TTL_MS) {
        drop(hash);
        return undefined;
      }
      return entry.value;
    },
    load: async (hash, load) => {
      const startedAt = generation;
      const found = await load();
      if (!found) return null;
      // A change heard while the lookup ran may not be in its answer: it is not kept.
      if (listening && !closed && startedAt === generation) {
        if (entries.size >= MAX_ENTRIES) clear();
        entries.set(hash, { ...found, storedAt: Date.now() });
        let hashes = byUser.get(found.userId);
        if (!hashes) {
          hashes = new Set();
          byUser.set(found.userId, hashes);
        }
        hashes.add(hash);
      }
      return found.value;
    },
    forget,
    isListening: () => listening,
    close: async () => {
      closed = true;
      listening = false;
      clearTimeout(retry);
      clear();
      caches.delete(db);
      await stopListening();
    },
  };
  caches.set(db, cache as ActorCache<unknown>);
  return cache;
}
