import { Center, Loader } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { homePathFor, isSupervisorProfileComplete } from '../../shared/accounts/account.schema';
import { notifyInfo } from '../lib/notify';
import { useSession } from '../lib/session';
import { SESSION_ENDED_STATE } from '../lib/session-ended';
import { UnauthorizedPage } from './error-pages';

const PROFILE_PATH = '/supervisor/profile-screen';

/**
 * Protects an area: no session goes to / (a session the server ended, to its sign-in page, which
 * says so: SESSION_ENDED_STATE), the wrong role sees the 401 page (or, with
 * `otherRole="home"`, goes to its own home), and a supervisor with an incomplete profile is
 * sent to complete it (SPEC §2, §6).
 */
export function RequireRole({
  role,
  otherRole = 'unauthorized',
  placeholder,
  children,
}: {
  role: 'student' | 'supervisor';
  otherRole?: 'unauthorized' | 'home';
  /** Shown while the stored session is checked; a centred loader when absent. */
  placeholder?: ReactNode;
  children: ReactNode;
}) {
  const { token, user, isRestoring, endedArea } = useSession();
  const { pathname } = useLocation();
  const mustCompleteProfile =
    role === 'supervisor' &&
    user?.is_supervisor === true &&
    !isSupervisorProfileComplete(user) &&
    pathname !== PROFILE_PATH;

  useEffect(() => {
    if (mustCompleteProfile) notifyInfo('Please complete your profile');
  }, [mustCompleteProfile]);

  if (!token) {
    return endedArea ? (
      <Navigate to={`/login/${endedArea}`} state={SESSION_ENDED_STATE} replace />
    ) : (
      <Navigate to="/" replace />
    );
  }
  if (!user) {
    return isRestoring ? (
      (placeholder ?? (
        <Center mih="100vh" role="status" aria-label="Loading">
          <Loader />
        </Center>
      ))
    ) : (
      <Navigate to="/" replace />
    );
  }
  if (user.is_supervisor !== (role === 'supervisor')) {
    return otherRole === 'home' ? (
      <Navigate to={homePathFor(user)} replace />
    ) : (
      <UnauthorizedPage />
    );
  }
  if (mustCompleteProfile) return <Navigate to={PROFILE_PATH} replace />;
  return <>{children}</>;
}
