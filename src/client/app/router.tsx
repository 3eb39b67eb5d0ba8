import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { LandingPage } from '../features/accounts/components/landing-page';
import { NotFoundPage } from './error-pages';
import { AreaFallback } from './layouts/area-fallback';
import { PublicLayout } from './layouts/public-layout';
import { LegalRoutePage } from './pages/legal-route-page';
import { RequireRole } from './require-role';

// Only the landing page is in the first download; every other page is its own chunk, and each
// area is one too: a trainee never downloads the supervisor pages, and back.
const StudentArea = lazy(() => import('./areas/student-area'));
const SupervisorArea = lazy(() => import('./areas/supervisor-area'));
const LoginRoutePage = lazy(() =>
  import('./pages/login-route-page').then((m) => ({ default: m.LoginRoutePage })),
);
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

/** A signed-in area: its role's guard, and the shell's placeholder while its code loads. */
function Area({ role, children }: { role: 'student' | 'supervisor'; children: ReactNode }) {
  return (
    <RequireRole role={role} placeholder={<AreaFallback />}>
      <Suspense fallback={<AreaFallback />}>{children}</Suspense>
    </RequireRole>
  );
}

/** The routes of SPEC §2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path="/" element={<LandingPage />} />
        <Route path="/login/:role" element={<LoginRoutePage />} />
        <Route path="/register/:role" element={<RegisterPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/terms" element={<LegalRoutePage kind="terms" />} />
        <Route path="/privacy" element={<LegalRoutePage kind="privacy" />} />
        <Route
          path="/subscription"
          element={
            <RequireRole role="student" otherRole="home">
              <ChooseSubscriptionPage />
            </RequireRole>
          }
        />
        <Route
          path="/payment"
          element={
            <RequireRole role="student" otherRole="home">
              <PaymentPage />
            </RequireRole>
          }
        />
      </Route>
      <Route
        path="/student/*"
        element={
          <Area role="student">
            <StudentArea />
          </Area>
        }
      />
      <Route
        path="/supervisor/*"
        element={
          <Area role="supervisor">
            <SupervisorArea />
          </Area>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
