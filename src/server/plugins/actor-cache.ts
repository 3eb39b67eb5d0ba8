import pg from 'pg';
import type { Db } from '../db/client';

/*
 * Who a token belongs to, kept in this process for a few seconds so that a signed-in request
 * does not ask the database again (the token lookup was one of a GET's two or three round
 * trips; decision 016). What changes an answer is told at once to every instance:
 *
 * - migration 0015 has row triggers on users, auth_tokens and user_subscriptions that call
 *   pg_notify('actor_changed', <user id>) (a logout, a password change or reset, a revocation,
 *   a name, verification, rule set or billing change); each instance LISTENs and forgets that
 *   user's tokens when PostgreSQL delivers the notification, after the change commits;
 * - on PGlite (one process) the notification is delivered with the statement that caused it;
 * - the instance that serves a signed-in user's write forgets that user before it answers
 *   (plugins/auth.ts), and a password reset (nobody signed in) forgets the user once it commits
 *   (forgetActor): the instance that made a change answers from the new state at once.
 *
 * A lookup that began before a change is never stored (the generation check), unknown tokens are
 * never cached, the token's expiry is checked on every use, and the cache is off whenever the
 * listener is not connected.
 *
 * A notification reaches the other instances a little after the change commits; a client told
 * "logged out" by one instance could ask another before it heard. So on PostgreSQL a kept answer
 * is given only after a catch-up round trip on the listening connection (catchUpWith), shared by
 * the requests of the moment: a change committed before a request arrived is always honoured
 * (decision 021; tests/cluster shows it across two processes).
 */

/** How long an answer is kept without a change being heard: a bound, should one be missed. */
const TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;
const CHANNEL = 'actor_changed';

type Entry<T> = { userId: number; value: T; expiresAt: Date; storedAt: number };

export type ActorCache<T> = {
  /**
   * The cached answer for a token hash, or undefined. On PostgreSQL a kept answer is given only
   * once the listener has heard every change committed before the call (the catch-up below).
   */
  get: (hash: string, now: Date) => Promise<T | undefined>;
  /** Looks the token up through `load` and keeps a found answer (see the generation check). */
  load: (
    hash: string,
    load: () => Promise<{ userId: number; value: T; expiresAt: Date } | null>,
  ) => Promise<T | null>;
  forget: (userId: number) => void;
  /** True while the instance hears the database's changes (only then does it keep answers). */
  isListening: () => boolean;
  close: () => Promise<void>;
};

/** The caches of the open apps, by database handle (forgetActor finds its own from a Db). */
const caches = new WeakMap<Db, ActorCache<unknown>>();

/** Forgets a user's cached sessions in this instance (others hear of it through NOTIFY). */
export function forgetActor(db: Db, userId: number): void {
  caches.get(db)?.forget(userId);
}

type PgliteLike = {
  listen: (channel: string, callback: (payload: string) => void) => Promise<unknown>;
  unlisten: (channel: string, callback: (payload: string) => void) => Promise<void>;
};
type PoolLike = { options: pg.ClientConfig };

/**
 * The catch-up of a PostgreSQL listener: one `select 1` on the listening connection. PostgreSQL
 * sends a listening session the notifications committed before it answers a query, so once the
 * answer arrives every change committed before the query was sent has been heard (and forgotten).
 * Callers share a round trip, but only one sent after they called: a query already on its way
 * may have left before a change they must see.
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
  /** Resolves once every notification committed before the call has been heard. */
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
      // What the catch-up heard has already been forgotten.
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
