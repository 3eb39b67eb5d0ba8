import { Paper, Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../../lib/session';
import { readPreference, writePreference } from '../../../lib/session-storage';

// Shown on a first visit only: its words load beside the page, asked for with the page's code.
const welcomeContent = import('./welcome-content');
const WelcomeContent = lazy(() => welcomeContent);

/**
 * The welcome on a trainee's first visit to the log screen (SPEC §2), a panel at the top of the
 * page rather than a dialog: it is drawn with the page, in the page's own code, so it can never
 * open over a form the trainee has started to use (issue 27), and the page works around it.
 * Dismissed once, it stays hidden on this device; a trainee who has logged hours (the signed-in
 * user says so, before the first frame) does not see it on a new browser either (issue 36).
 * `onDismiss` gives the focus a place to go. Its words load beside the page into a placeholder of
 * their size (issue 39 kept the page's first download within its budget so).
 */
export function WelcomePanel({ onDismiss }: { onDismiss: () => void }) {
  const { user } = useSession();
  const [isShown, setIsShown] = useState(
    () => readPreference('welcomeSeen') === null && user?.has_logs !== true,
  );
  if (!isShown) return null;
  const dismiss = () => {
    writePreference('welcomeSeen', 'true');
    setIsShown(false);
    onDismiss();
  };
  return (
    <Suspense fallback={<WelcomePlaceholder />}>
      <WelcomeContent dismiss={dismiss} />
    </Suspense>
  );
}

/** The welcome's place while its words load: its own size, so nothing moves when they come. */
function WelcomePlaceholder() {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} bg="teal.0" aria-busy>
      {/* The words' height, measured in Chromium at 375, 768 and 1280 px (4 December 2026). */}
      <Stack gap="sm" mih={{ base: 347, sm: 303, md: 250, lg: 222 }}>
        <Skeleton height={24} width="45%" />
        <Skeleton height={40} />
        <Skeleton height={60} />
        <Skeleton height={36} width={120} />
      </Stack>
    </Paper>
  );
}
