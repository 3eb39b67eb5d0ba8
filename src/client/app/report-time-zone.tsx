import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { browserTimeZone } from '../lib/local-date';
import { queryKeys } from '../lib/query-keys';
import { useSession } from '../lib/session';
import { setTimeZone } from '../features/profile/api/set-time-zone';

/**
 * An account without a time zone (made before accounts had one, or by a Google sign-in) gets its
 * browser's once it is signed in and its profile is read (issue 36): from then on the server and
 * this client count its days where it lives. A failure is tried again on the next load. Loaded
 * lazily, by app.tsx, only for such an account.
 */
export default function ReportTimeZone() {
  const { token, user, isRestoring, setUser } = useSession();
  const queryClient = useQueryClient();
  const reportedFor = useRef<number | null>(null);
  useEffect(() => {
    if (!token || !user || isRestoring || user.time_zone !== null) return;
    if (reportedFor.current === user.id) return;
    const timeZone = browserTimeZone();
    if (timeZone === null) return;
    reportedFor.current = user.id;
    void setTimeZone(timeZone)
      .then((saved) => {
        queryClient.setQueryData(queryKeys.profile, saved);
        setUser(saved);
      })
      .catch(() => undefined);
  }, [token, user, isRestoring, setUser, queryClient]);
  return null;
}
