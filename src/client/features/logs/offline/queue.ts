import { openDB, type IDBPDatabase } from 'idb';
import type { LogEntryWire } from '../../../../shared/logs/log-entry.schema';

/*
 * The log form's entries kept on this device while the server cannot be reached (decision 023):
 * one IndexedDB store, each entry with the Idempotency-Key it is sent with, so that however many
 * times it is sent (a lost answer, two tabs) the server makes one log of it.
 */

export type QueueState = 'waiting' | 'sending' | 'conflict';

export type QueuedEntry = {
  /** The Idempotency-Key the entry is sent with (a UUID); a new one when it is edited. */
  key: string;
  /** Whose entry it is: only sent with that user's session. */
  userId: number;
  body: LogEntryWire;
  createdAt: string;
  state: QueueState;
  /** Why the server refused it (a conflict), in the form rules' words. */
  error: string[] | null;
  /** While `sending`: until when this tab holds it (another tab takes it back after). */
  leaseUntil: number | null;
};

type QueueDb = {
  entries: { key: string; value: QueuedEntry; indexes: { byUser: number } };
};

const DB_NAME = 'fieldwork-offline';
const STORE = 'entries';
/** How long a tab may hold an entry it is sending before another may take it. */
export const LEASE_MS = 60_000;

let opened: Promise<IDBPDatabase<QueueDb>> | undefined;

function db(): Promise<IDBPDatabase<QueueDb>> {
  opened ??= openDB<QueueDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore(STORE, { keyPath: 'key' }).createIndex('byUser', 'userId');
    },
  });
  return opened;
}

/** Closes the database (tests open a fresh one each). */
export async function closeQueue(): Promise<void> {
  const current = opened;
  opened = undefined;
  if (current) (await current).close();
}

/** Tells every tab (this one included) that the queue changed, and why. */
export type QueueEvent =
  { type: 'changed' } | { type: 'kept'; key: string } | { type: 'sent'; key: string; date: string };

const CHANNEL = 'fieldwork-log-queue';

export function announce(event: QueueEvent): void {
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(event);
  channel.close();
}

/** Calls `listener` on every change, from any tab; returns the unsubscribe. */
export function subscribe(listener: (event: QueueEvent) => void): () => void {
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (message: MessageEvent<QueueEvent>) => listener(message.data);
  return () => channel.close();
}

/** Keeps an entry to send later. */
export async function keepEntry(userId: number, key: string, body: LogEntryWire): Promise<void> {
  const entry: QueuedEntry = {
    key,
    userId,
    body,
    createdAt: new Date().toISOString(),
    state: 'waiting',
    error: null,
    leaseUntil: null,
  };
  await (await db()).add(STORE, entry);
  announce({ type: 'kept', key });
}

/** The user's entries, oldest first. */
export async function listEntries(userId: number): Promise<QueuedEntry[]> {
  const entries = await (await db()).getAllFromIndex(STORE, 'byUser', userId);
  return entries.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * Takes a waiting entry (or one whose sender's lease ran out) for sending, in one transaction:
 * two tabs never both take it. Returns the entry, or undefined when it is not to be sent now.
 */
export async function claimEntry(key: string, now: number): Promise<QueuedEntry | undefined> {
  const tx = (await db()).transaction(STORE, 'readwrite');
  const entry = await tx.store.get(key);
  const isFree =
    entry?.state === 'waiting' || (entry?.state === 'sending' && (entry.leaseUntil ?? 0) < now);
  if (!entry || !isFree) {
    await tx.done;
    return undefined;
  }
  const claimed: QueuedEntry = { ...entry, state: 'sending', leaseUntil: now + LEASE_MS };
  await tx.store.put(claimed);
  await tx.done;
  return claimed;
}

/** Sets an entry's state (and its error): back to waiting, or a conflict to resolve. */
export async function settleEntry(
  key: string,
  state: 'waiting' | 'conflict',
  error: string[] | null = null,
): Promise<void> {
  const tx = (await db()).transaction(STORE, 'readwrite');
  const entry = await tx.store.get(key);
  if (entry) await tx.store.put({ ...entry, state, error, leaseUntil: null });
  await tx.done;
  announce({ type: 'changed' });
}

/**
 * An edited entry replaces the one it was: a new key (the old one may have reached the server
 * with the old body), waiting again.
 */
export async function replaceEntry(
  oldKey: string,
  newKey: string,
  body: LogEntryWire,
): Promise<void> {
  const tx = (await db()).transaction(STORE, 'readwrite');
  const entry = await tx.store.get(oldKey);
  if (entry) {
    await tx.store.delete(oldKey);
    await tx.store.put({
      ...entry,
      key: newKey,
      body,
      state: 'waiting',
      error: null,
      leaseUntil: null,
    });
  }
  await tx.done;
  announce({ type: 'changed' });
}

/** Removes an entry: sent, or discarded by the trainee. */
export async function removeEntry(key: string): Promise<void> {
  await (await db()).delete(STORE, key);
  announce({ type: 'changed' });
}
