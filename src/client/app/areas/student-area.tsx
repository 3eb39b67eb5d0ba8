import '../styles/components.css';
import { Skeleton, Stack } from '@mantine/core';
import {
  IconChartPie,
  IconCreditCard,
  IconFileCertificate,
  IconHelpCircle,
  IconLayoutGrid,
  IconPencilPlus,
  IconTargetArrow,
  IconUser,
  IconUserCheck,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { NotFoundPage } from '../error-pages';
import { AreaLayout, type NavItem } from '../layouts/area-layout';
import { StudentAccess } from './student-access';
import { LegalRoutePage } from '../pages/legal-route-page';

// The sidebar's edition toggle and accrued tables (SegmentedControl, Table, ScrollArea; decision
// 015) load beside the page: on a phone they are in the closed menu, on a desktop under the links
// with nothing below them in the sidebar's scrolling part, so their arrival moves nothing.
const StudentSidebarExtra = lazy(() => import('./student-sidebar-extra'));

const LogHourPage = lazy(() =>
  import('../pages/log-hour-page').then((m) => ({ default: m.LogHourPage })),
);
const EditLogHourPage = lazy(() =>
  import('../pages/edit-log-hour-page').then((m) => ({ default: m.EditLogHourPage })),
);
const DashboardPage = lazy(() =>
  import('../pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const MonthlyDocumentPage = lazy(() =>
  import('../pages/monthly-document-page').then((m) => ({ default: m.MonthlyDocumentPage })),
);
const SupervisionContactAgendaPage = lazy(() =>
  import('../pages/supervision-contact-agenda-page').then((m) => ({
    default: m.SupervisionContactAgendaPage,
  })),
);
const EditResendPage = lazy(() =>
  import('../pages/edit-resend-page').then((m) => ({ default: m.EditResendPage })),
);
const StudentProfilePage = lazy(() =>
  import('../pages/student-profile-page').then((m) => ({ default: m.StudentProfilePage })),
);
const ChangePasswordPage = lazy(() =>
  import('../../features/accounts/components/change-password-page').then((m) => ({
    default: m.ChangePasswordPage,
  })),
);
const SubscriptionOverviewPage = lazy(() =>
  import('../../features/billing/components/subscription-overview-page').then((m) => ({
    default: m.SubscriptionOverviewPage,
  })),
);
const ChangePlanPage = lazy(() =>
  import('../../features/billing/components/change-plan-page').then((m) => ({
    default: m.ChangePlanPage,
  })),
);
const PlanPaymentPage = lazy(() =>
  import('../../features/billing/components/plan-payment-page').then((m) => ({
    default: m.PlanPaymentPage,
  })),
);
const UpdateCardPage = lazy(() =>
  import('../../features/billing/components/update-card-page').then((m) => ({
    default: m.UpdateCardPage,
  })),
);
const FieldworkFormsPage = lazy(() =>
  import('../pages/fieldwork-forms-page').then((m) => ({ default: m.FieldworkFormsPage })),
);
const PlanPage = lazy(() =>
  import('../../features/plan/components/plan-page').then((m) => ({ default: m.PlanPage })),
);
const ImportHoursPage = lazy(() =>
  import('../../features/import/components/import-hours-page').then((m) => ({
    default: m.ImportHoursPage,
  })),
);
const ImportedLogsPage = lazy(() =>
  import('../pages/imported-logs-page').then((m) => ({ default: m.ImportedLogsPage })),
);
const StudentContractRoutes = lazy(
  () => import('../../features/contracts/components/contract-routes'),
);
const FaqPage = lazy(() =>
  import('../../features/content/components/faq-page').then((m) => ({ default: m.FaqPage })),
);

const NAV: NavItem[] = [
  { label: 'Profile', to: '/student/profile-screen', icon: <IconUser size={18} aria-hidden /> },
  { label: 'Dashboard', to: '/student/dashboard', icon: <IconChartPie size={18} aria-hidden /> },
  { label: 'Plan', to: '/student/plan', icon: <IconTargetArrow size={18} aria-hidden /> },
  {
    label: 'Log experience hours',
    to: '/student/logHour',
    icon: <IconPencilPlus size={18} aria-hidden />,
  },
  {
    label: 'Task List Grid',
    to: '/student/monthly-document',
    icon: <IconLayoutGrid size={18} aria-hidden />,
  },
  {
    label: 'Fieldwork Forms',
    to: '/student/upload',
    icon: <IconFileCertificate size={18} aria-hidden />,
  },
  {
    label: 'Supervision contracts',
    to: '/student/contracts',
    // An icon the first screen already has (bundle budget): the person and the agreement.
    icon: <IconUserCheck size={18} aria-hidden />,
  },
  {
    label: 'Subscription',
    to: '/student/dashboard-subscription',
    icon: <IconCreditCard size={18} aria-hidden />,
  },
  { label: 'FAQ', to: '/student/faq', icon: <IconHelpCircle size={18} aria-hidden /> },
];

/** The sidebar extra's place while its code loads: the toggle's and the two tables' skeletons. */
function SidebarExtraPlaceholder() {
  return (
    <Stack gap="md" px="xs" aria-busy>
      <Skeleton height={52} />
      <Skeleton height={140} />
      <Skeleton height={140} />
    </Stack>
  );
}

function SidebarExtra() {
  return (
    <Suspense fallback={<SidebarExtraPlaceholder />}>
      <StudentSidebarExtra />
    </Suspense>
  );
}

/** The trainee area (/student/*): its sidebar and pages, behind the paywall (StudentAccess). */
export default function StudentArea() {
  return (
    <Routes>
      <Route element={<AreaLayout nav={NAV} roleLabel="Trainee" sidebarExtra={<SidebarExtra />} />}>
        <Route element={<StudentAccess />}>
          <Route index element={<Navigate to="logHour" replace />} />
          <Route path="logHour" element={<LogHourPage />} />
          <Route path="editLogHour/:id" element={<EditLogHourPage />} />
          <Route path="import-hours" element={<ImportHoursPage />} />
          <Route path="imported-logs/:month" element={<ImportedLogsPage />} />
          <Route path="edit-resend" element={<EditResendPage />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="plan" element={<PlanPage />} />
          <Route path="monthly-document" element={<MonthlyDocumentPage />} />
          <Route path="supervision-contact-agenda" element={<SupervisionContactAgendaPage />} />
          <Route path="upload" element={<FieldworkFormsPage />} />
          <Route path="contracts/*" element={<StudentContractRoutes />} />
          <Route path="profile-screen" element={<StudentProfilePage />} />
          <Route path="password-change-profile" element={<ChangePasswordPage />} />
          <Route path="faq" element={<FaqPage />} />
          <Route path="terms-condition" element={<LegalRoutePage kind="terms" />} />
          <Route path="privacy" element={<LegalRoutePage kind="privacy" />} />
          <Route path="dashboard-subscription" element={<SubscriptionOverviewPage />} />
          <Route path="subscription-screen-dashbard" element={<ChangePlanPage />} />
          <Route path="payment-screen-dashbard" element={<PlanPaymentPage />} />
          <Route path="subscription/update-payment-method" element={<UpdateCardPage />} />
        </Route>
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
