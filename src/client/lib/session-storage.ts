import { UserSchema, type User } from '../../shared/accounts/account.schema';

/** Keys of what the client keeps in local storage (SPEC §3 "Client-held storage"). */
const KEYS = {
  token: 'token',
  user: 'user',
  taskVersion: 'taskVersion',
  welcomeSeen: 'welcomeSeen',
} as const;

export function readToken(): string | null {
  return localStorage.getItem(KEYS.token);
}

/** The stored user, parsed; a damaged entry counts as none. */
export function readUser(): User | null {
  const raw = localStorage.getItem(KEYS.user);
  if (!raw) return null;
  try {
    const parsed = UserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeSession(token: string, user: User): void {
  localStorage.setItem(KEYS.token, token);
  localStorage.setItem(KEYS.user, JSON.stringify(user));
}

export function writeUser(user: User): void {
  localStorage.setItem(KEYS.user, JSON.stringify(user));
}

/** Sign-out clears token, user data and task version (SPEC §4 Session). */
export function clearSession(): void {
  localStorage.removeItem(KEYS.token);
  localStorage.removeItem(KEYS.user);
  localStorage.removeItem(KEYS.taskVersion);
}

export function readPreference(key: 'taskVersion' | 'welcomeSeen'): string | null {
  return localStorage.getItem(KEYS[key]);
}

export function writePreference(key: 'taskVersion' | 'welcomeSeen', value: string): void {
  localStorage.setItem(KEYS[key], value);
}

/** The signed-in person's last answers, kept for offline use (lib/query-persistence.ts). */
const QUERY_CACHE_PREFIX = 'queryCache:';

/** Where a user's answers are kept. */
export function persistedCacheKey(userId: number): string {
  return `${QUERY_CACHE_PREFIX}${userId}`;
}

/** Removes every user's kept answers, but those of `keepUserId` when given. */
export function clearPersistedCaches(storage: Storage, keepUserId?: number): void {
  const keep = keepUserId === undefined ? null : persistedCacheKey(keepUserId);
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
  for (const key of keys) {
    if (key?.startsWith(QUERY_CACHE_PREFIX) && key !== keep) storage.removeItem(key);
  }
}
