import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { ApiError, setSubscriptionRequiredHandler } from '../lib/api-client';
import { SessionProvider, useSession } from '../lib/session';
import { AppRoutes } from './router';
import { cssVariablesResolver, theme } from './theme';

// The toasts' stack (and its transitions) is not needed to draw the first screen: it loads right
// after. A toast raised before it arrives waits in the notifications store and shows then.
const Toasts = lazy(() => import('./toasts'));
// Likewise the confirm dialogs (Mantine's Modal), which only signed-in pages ask for.
const ConfirmDialogs = lazy(() => import('./confirm-dialogs'));
// And what reports the browser's time zone for an account that has none yet (most have one).
const ReportTimeZone = lazy(() => import('./report-time-zone'));

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

/** What shows above the pages, loaded after the first screen. */
function Overlays() {
  const { token, user } = useSession();
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
      {token && user?.time_zone === null ? (
        <Suspense fallback={null}>
          <ReportTimeZone />
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
          <Router>
            <SubscriptionRequiredRedirect />
            <AppRoutes />
          </Router>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
