import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { expiredAccessOf } from '../../components/expired-access';
import { PageLoadingState } from '../../components/loading-state';
import { useUserSubscription } from '../../features/billing/api/get-user-subscription';
import { BILLING_PATHS } from '../../features/billing/components/billing-paths';
import { isWaitingForConnection } from '../../lib/connection';

// Both show only to some trainees, so neither is part of the area's first download.
const ExpiredDialog = lazy(() =>
  import('../../components/expired-dialog').then((m) => ({ default: m.ExpiredDialog })),
);
const WarningBanner = lazy(() => import('./student-warning-banner'));

/**
 * The pages an unpaid trainee may still open: the subscription pages (their way back in) and
 * the texts they agreed to. Everything else shows the expired dialog (SPEC §2).
 */
const OPEN_WHEN_UNPAID: readonly string[] = [
  BILLING_PATHS.overview,
  BILLING_PATHS.changePlan,
  BILLING_PATHS.payment,
  BILLING_PATHS.updateCard,
  '/student/terms-condition',
  '/student/privacy',
  '/student/faq',
];

/**
 * The student area's paywall in the browser (SPEC §2, §4): while the trainee's standing loads,
 * a placeholder; a trainee whose trial or subscription has run out gets the expired dialog
 * (Continue goes to /subscription) instead of the page; otherwise the page, under the banner
 * warning of an end or a failed renewal. The server refuses an unpaid trainee's writes anyway,
 * so a standing that cannot be read (or not now, offline) lets the page through.
 */
export function StudentAccess() {
  const subscription = useUserSubscription();
  const { pathname } = useLocation();
  // Offline with no standing kept on the device, it cannot load: the page goes through (the
  // log form works offline), as it does when the standing cannot be read.
  if (subscription.isPending && !isWaitingForConnection(subscription)) return <PageLoadingState />;
  const standing = subscription.data?.standing ?? null;
  const expired = standing ? expiredAccessOf(standing.access) : null;
  if (expired && !OPEN_WHEN_UNPAID.includes(pathname)) {
    return (
      <Suspense fallback={<PageLoadingState />}>
        <ExpiredDialog access={expired} />
      </Suspense>
    );
  }
  const warning = standing?.warning ?? null;
  return (
    <>
      {warning ? (
        <Suspense fallback={null}>
          <WarningBanner warning={warning} />
        </Suspense>
      ) : null}
      <Outlet />
    </>
  );
}
