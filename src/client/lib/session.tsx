import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { z } from 'zod';
import { UserSchema, type User } from '../../shared/accounts/account.schema';
import { ApiError, apiRequest, setUnauthorizedHandler } from './api-client';
import { setAccountTimeZone } from './account-time-zone';
import {
  clearPersistedCaches,
  clearSession,
  readToken,
  readUser,
  writeSession,
  writeUser,
} from './session-storage';

type Session = {
  token: string | null;
  user: User | null;
  /** True until the stored session has been checked against the server. */
  isRestoring: boolean;
  /**
   * The area of a session the server ended (signed out from another device, or a password
   * change): the guard sends its page to that area's sign-in, which says so. Null otherwise.
   */
  endedArea: 'student' | 'supervisor' | null;
  signIn: (token: string, user: User) => void;
  /** Revokes the token on the server (best effort), clears storage and state. */
  signOut: () => Promise<void>;
  setUser: (user: User) => void;
  /** Reads the profile again (after a payment changes `is_paid`); keeps the user on failure. */
  refreshUser: () => Promise<void>;
};

const SessionContext = createContext<Session | null>(null);

const ProfileResponseSchema = z.object({ results: z.array(UserSchema) });
const LogoutResponseSchema = z.object({ detail: z.string() });

/** Holds who is signed in; restores it from storage and refreshes the profile on load. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => readToken());
  const [user, setUserState] = useState<User | null>(() => readUser());
  const [isRestoring, setIsRestoring] = useState<boolean>(() => readToken() !== null);
  const [endedArea, setEndedArea] = useState<Session['endedArea']>(null);
  // Set while rendering, before the pages below read their today (lib/local-date.ts reads it
  // from lib/account-time-zone.ts): the same value on every render for the same user, so it never
  // changes what another render saw.
  setAccountTimeZone(user?.time_zone ?? null);

  const reset = useCallback(() => {
    clearSession();
    setToken(null);
    setUserState(null);
    queryClient.clear();
    // What was kept for offline use is the signed-out person's: never shown to the next one.
    clearPersistedCaches(localStorage);
  }, [queryClient]);

  // A 401 to a signed-in request: the server no longer knows this session.
  const end = useCallback(() => {
    const area = readUser()?.is_supervisor ? 'supervisor' : 'student';
    if (readToken()) setEndedArea(area);
    reset();
  }, [reset]);

  useEffect(() => {
    setUnauthorizedHandler(end);
  }, [end]);

  useEffect(() => {
    if (!readToken()) return;
    const controller = new AbortController();
    apiRequest(ProfileResponseSchema, '/users/profile/', { signal: controller.signal })
      .then((profile) => {
        const fresh = profile.results[0];
        if (fresh) {
          writeUser(fresh);
          setUserState(fresh);
        }
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // The session is no longer valid (SPEC §4 Session): the sign-in page says why.
        if (error instanceof ApiError && error.status === 401) end();
      })
      .finally(() => {
        if (!controller.signal.aborted) setIsRestoring(false);
      });
    return () => controller.abort();
  }, [end]);

  const value = useMemo<Session>(
    () => ({
      token,
      user,
      isRestoring,
      endedArea,
      signIn: (newToken, newUser) => {
        setEndedArea(null);
        clearPersistedCaches(localStorage, newUser.id);
        writeSession(newToken, newUser);
        setToken(newToken);
        setUserState(newUser);
        setIsRestoring(false);
      },
      signOut: async () => {
        try {
          await apiRequest(LogoutResponseSchema, '/api/v1/logout/', { method: 'POST' });
        } catch {
          // The local session ends whatever the server says.
        }
        setEndedArea(null);
        reset();
      },
      setUser: (next) => {
        writeUser(next);
        setUserState(next);
      },
      refreshUser: async () => {
        try {
          const fresh = (await apiRequest(ProfileResponseSchema, '/users/profile/')).results[0];
          if (fresh && readToken()) {
            writeUser(fresh);
            setUserState(fresh);
          }
        } catch {
          // The stored user stays; the next load refreshes it.
        }
      },
    }),
    [token, user, isRestoring, endedArea, reset],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
