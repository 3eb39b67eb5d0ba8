import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { ApiError, setSubscriptionRequiredHandler } from '../lib/api-client';
import { browserTimeZone } from '../lib/local-date';
import { SessionProvider, useSession } from '../lib/session';
import { AppRoutes } from './router';
import { cssVariablesResolver, theme } from './theme';

// The toasts' stack (and its transitions) is not needed to draw the first screen: it loads right
// after. A toast raised before it arrives waits in the notifications store and shows then.
const Toasts = lazy(() => import('./toasts'));
// Likewise the confirm dialogs (Mantine's Modal), which only signed-in pages ask for.
const ConfirmDialogs = lazy(() => import('./confirm-dialogs'));

/** The app's one query client (exported for what app/pwa.ts refreshes after a kept log is sent). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Kept a day unused, so that the answers kept on the device (lib/query-persistence.ts) still
      // hold the pages not open now: offline, any of them shows what was last loaded.
      gcTime: 24 * 60 * 60 * 1000,
      refetchOnWindowFocus: false,
      // Client errors will not heal by retrying; network and server errors might.
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

/**
 * The server's paywall refused a write (402 SUBSCRIPTION_REQUIRED): the trainee's standing is
 * read again and they go to /subscription, which shows the message (PaywallNotice).
 */
function SubscriptionRequiredRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setSubscriptionRequiredHandler((message) => {
      // The query keys of every feature are not part of the first download.
      void import('../lib/query-keys').then(({ queryKeys }) =>
        queryClient.invalidateQueries({ queryKey: queryKeys.billing.userSubscription }),
      );
      void navigate('/subscription', { state: { paywallMessage: message } });
    });
    return () => setSubscriptionRequiredHandler(() => undefined);
  }, [navigate]);
  return null;
}

/**
 * An account without a time zone (made before accounts had one, or by a Google sign-in) gets its
 * browser's once it is signed in and its profile is read (issue 36): from then on the server and
 * this client count its days where it lives. A failure is tried again on the next load.
 */
function ReportTimeZone() {
  const { token, user, isRestoring, setUser } = useSession();
  const reportedFor = useRef<number | null>(null);
  useEffect(() => {
    if (!token || !user || isRestoring || user.time_zone !== null) return;
    if (reportedFor.current === user.id) return;
    const timeZone = browserTimeZone();
    if (timeZone === null) return;
    reportedFor.current = user.id;
    // Not part of the first download: most sessions never need it.
    void Promise.all([import('../features/profile/api/set-time-zone'), import('../lib/query-keys')])
      .then(async ([{ setTimeZone }, { queryKeys }]) => {
        const saved = await setTimeZone(timeZone);
        queryClient.setQueryData(queryKeys.profile, saved);
        setUser(saved);
      })
      .catch(() => undefined);
  }, [token, user, isRestoring, setUser]);
  return null;
}

/** What shows above the pages, loaded after the first screen. */
function Overlays() {
  const { token } = useSession();
  return (
    <>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      {/* Apart: loading it at sign-in must not hide the toasts' stack meanwhile. */}
      {token ? (
        <Suspense fallback={null}>
          <ConfirmDialogs />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * Providers, in the order they depend on each other, around the routes. `Router` is the
 * browser's, or the build's StaticRouter at one address when it prerenders a page
 * (client/prerender.tsx).
 */
export function App({
  Router = BrowserRouter,
}: {
  Router?: ComponentType<{ children: ReactNode }>;
}) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <Overlays />
          <ReportTimeZone />
          <Router>
            <SubscriptionRequiredRedirect />
            <AppRoutes />
          </Router>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
