import { IconCalendarCheck, IconUser } from '@tabler/icons-react';
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LegalPage } from '../../components/legal';
import { NotFoundPage } from '../error-pages';
import { AreaLayout, type NavItem } from '../layouts/area-layout';

const SignLogsPage = lazy(() =>
  import('../../features/review/components/sign-logs-page').then((m) => ({ default: m.SignLogsPage })),
);
const SupervisorProfilePage = lazy(() =>
  import('../../features/profile/components/supervisor-profile-page').then((m) => ({
    default: m.SupervisorProfilePage,
  })),
);
const ChangePasswordPage = lazy(() =>
  import('../../features/accounts/components/change-password-page').then((m) => ({ default: m.ChangePasswordPage })),
);

const NAV: NavItem[] = [
  { label: 'Sign logs', to: '/supervisor/signlogs', icon: <IconCalendarCheck size={18} aria-hidden /> },
  { label: 'Profile', to: '/supervisor/profile-screen', icon: <IconUser size={18} aria-hidden /> },
];

/** The supervisor area (/supervisor/*): its sidebar and pages. */
export default function SupervisorArea() {
  return (
    <Routes>
      <Route element={<AreaLayout nav={NAV} roleLabel="Supervisor" />}>
        <Route index element={<Navigate to="signlogs" replace />} />
        <Route path="signlogs" element={<SignLogsPage />} />
        <Route path="profile-screen" element={<SupervisorProfilePage />} />
        <Route path="password-change-profile" element={<ChangePasswordPage />} />
        <Route path="terms-condition" element={<LegalPage kind="terms" />} />
        <Route path="privacy" element={<LegalPage kind="privacy" />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
