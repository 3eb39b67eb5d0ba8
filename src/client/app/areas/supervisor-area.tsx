import '../styles/components.css';
import {
  IconCalendarCheck,
  IconClockHour4,
  IconFlag,
  IconLayoutGrid,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { EditionToggle } from '../../features/logs/components/edition-toggle';
import { useTaskVersion } from '../../lib/task-version';
import { NotFoundPage } from '../error-pages';
import { AreaLayout, type NavItem } from '../layouts/area-layout';
import { LegalRoutePage } from '../pages/legal-route-page';

const SupervisorHomePage = lazy(() =>
  import('../pages/supervisor-home-page').then((m) => ({ default: m.SupervisorHomePage })),
);
const LogDetailsPage = lazy(() =>
  import('../pages/supervisor-log-details-page').then((m) => ({
    default: m.SupervisorLogDetailsPage,
  })),
);
const PendingLogsPage = lazy(() =>
  import('../../features/review/components/status-logs-page').then((m) => ({
    default: m.PendingLogsPage,
  })),
);
const FlaggedLogsPage = lazy(() =>
  import('../../features/review/components/status-logs-page').then((m) => ({
    default: m.FlaggedLogsPage,
  })),
);
const TraineesPage = lazy(() =>
  import('../../features/review/components/trainees-page').then((m) => ({
    default: m.TraineesPage,
  })),
);
const TraineeDetailPage = lazy(() =>
  import('../pages/trainee-detail-page').then((m) => ({ default: m.TraineeDetailPage })),
);
const SupervisorMonthlyDocumentPage = lazy(() =>
  import('../pages/supervisor-monthly-document-page').then((m) => ({
    default: m.SupervisorMonthlyDocumentPage,
  })),
);
const SupervisorProfilePage = lazy(() =>
  import('../pages/supervisor-profile-page').then((m) => ({ default: m.SupervisorProfilePage })),
);
const ChangePasswordPage = lazy(() =>
  import('../../features/accounts/components/change-password-page').then((m) => ({
    default: m.ChangePasswordPage,
  })),
);

/** The sidebar of SPEC §2; the grid is 'Test Content Outline' with the 6th Edition. */
function useSupervisorNav(): NavItem[] {
  const [version] = useTaskVersion();
  const icon = (Icon: typeof IconUser) => <Icon size={18} aria-hidden />;
  return [
    { label: 'Sign logs', to: '/supervisor/signlogs', icon: icon(IconCalendarCheck) },
    { label: 'Profile', to: '/supervisor/profile-screen', icon: icon(IconUser) },
    { label: 'Trainees', to: '/supervisor/trainees', icon: icon(IconUsers) },
    {
      label: version === 'v6' ? 'Test Content Outline' : 'Task List Grid',
      to: '/supervisor/monthly-document',
      icon: icon(IconLayoutGrid),
    },
    { label: 'Pending logs', to: '/supervisor/pending-logs', icon: icon(IconClockHour4) },
    { label: 'Flagged logs', to: '/supervisor/flagged-logs', icon: icon(IconFlag) },
  ];
}

/** The supervisor area (/supervisor/*): its sidebar and pages. */
export default function SupervisorArea() {
  const nav = useSupervisorNav();
  return (
    <Routes>
      <Route
        element={
          <AreaLayout
            nav={nav}
            roleLabel="Supervisor"
            sidebarExtra={<EditionToggle isOnLogScreen={false} />}
          />
        }
      >
        <Route index element={<Navigate to="signlogs" replace />} />
        <Route path="signlogs" element={<SupervisorHomePage />} />
        <Route path="log-details/:id" element={<LogDetailsPage />} />
        <Route path="pending-logs" element={<PendingLogsPage />} />
        <Route path="flagged-logs" element={<FlaggedLogsPage />} />
        <Route path="trainees" element={<TraineesPage />} />
        <Route path="trainees/:id/*" element={<TraineeDetailPage />} />
        <Route path="monthly-document" element={<SupervisorMonthlyDocumentPage />} />
        <Route path="profile-screen" element={<SupervisorProfilePage />} />
        <Route path="password-change-profile" element={<ChangePasswordPage />} />
        <Route path="terms-condition" element={<LegalRoutePage kind="terms" />} />
        <Route path="privacy" element={<LegalRoutePage kind="privacy" />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
