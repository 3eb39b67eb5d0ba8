import { lazy, useState } from 'react';
import { useSession } from '../../../lib/session';
import { readPreference, writePreference } from '../../../lib/session-storage';

// Shown on a first visit only: its words are asked for then, and the page waits for them.
const WelcomeContent = lazy(() => import('./welcome-content'));

/**
 * The welcome on a trainee's first visit to the log screen (SPEC §2), a panel at the top of the
 * page rather than a dialog: it is drawn with the page, in the page's own code, so it can never
 * open over a form the trainee has started to use (issue 27), and the page works around it.
 * Dismissed once, it stays hidden on this device; a trainee who has logged hours (the signed-in
 * user says so, before the first frame) does not see it on a new browser either (issue 36).
 * `onDismiss` gives the focus a place to go. Its words are a chunk of their own, asked for when
 * it shows (issue 39 kept the page's first download within its budget so).
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
  // No boundary of its own: while its words load, the page waits with it (the area's
  // placeholder), so the form is never drawn without the welcome (issue 27).
  return <WelcomeContent dismiss={dismiss} />;
}
