import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { ApiError, setSubscriptionRequiredHandler } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';
import { SessionProvider } from '../lib/session';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
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
function sendToSubscription(message: string): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.billing.userSubscription });
  void router.navigate('/subscription', { state: { paywallMessage: message } });
}

/** Providers, in the order they depend on each other, around the router. */
export function App() {
  useEffect(() => {
    setSubscriptionRequiredHandler(sendToSubscription);
    return () => setSubscriptionRequiredHandler(() => undefined);
  }, []);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <ModalsProvider>
            <Notifications position="top-right" limit={4} />
            <RouterProvider router={router} />
          </ModalsProvider>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
