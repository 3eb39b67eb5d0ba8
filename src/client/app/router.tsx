import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { LegalPage } from '../components/legal';
import { LandingPage } from '../features/accounts/components/landing-page';
import { NotFoundPage } from './error-pages';
import { PublicLayout } from './layouts/public-layout';
import { LoginRoutePage } from './pages/login-route-page';
import { RequireRole } from './require-role';

// Each area is its own chunk: a trainee never downloads the supervisor pages, and back.
const StudentArea = lazy(() => import('./areas/student-area'));
const SupervisorArea = lazy(() => import('./areas/supervisor-area'));
const RegisterPage = lazy(() =>
  import('../features/accounts/components/register-page').then((m) => ({
    default: m.RegisterPage,
  })),
);
const VerifyEmailPage = lazy(() =>
  import('../features/accounts/components/verify-email-page').then((m) => ({
    default: m.VerifyEmailPage,
  })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/accounts/components/forgot-password-page').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/accounts/components/reset-password-page').then((m) => ({
    default: m.ResetPasswordPage,
  })),
);

const ChooseSubscriptionPage = lazy(() =>
  import('./pages/choose-subscription-page').then((m) => ({
    default: m.ChooseSubscriptionPage,
  })),
);
const PaymentPage = lazy(() =>
  import('../features/billing/components/payment-page').then((m) => ({
    default: m.PaymentPage,
  })),
);

/** The routes of SPEC §2. */
export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/login/:role', element: <LoginRoutePage /> },
      { path: '/register/:role', element: <RegisterPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/terms', element: <LegalPage kind="terms" /> },
      { path: '/privacy', element: <LegalPage kind="privacy" /> },
      {
        path: '/subscription',
        element: (
          <RequireRole role="student" otherRole="home">
            <ChooseSubscriptionPage />
          </RequireRole>
        ),
      },
      {
        path: '/payment',
        element: (
          <RequireRole role="student" otherRole="home">
            <PaymentPage />
          </RequireRole>
        ),
      },
    ],
  },
  {
    path: '/student/*',
    element: (
      <RequireRole role="student">
        <StudentArea />
      </RequireRole>
    ),
  },
  {
    path: '/supervisor/*',
    element: (
      <RequireRole role="supervisor">
        <SupervisorArea />
      </RequireRole>
    ),
  },
  { path: '*', element: <NotFoundPage /> },
]);
