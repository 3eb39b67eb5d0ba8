import type { ExpiredAccess } from '../../components/expired-access';
import { LoginPage } from '../../features/accounts/components/login-page';

/**
 * Where a trainee stands once signed in (SPEC §4 login outcomes): the server's verdict
 * (shared/billing/access.ts), or null to carry on when it cannot be read; the student area
 * checks again.
 */
async function expiredAccessAfterLogin(): Promise<ExpiredAccess | null> {
  try {
    // Loaded once signed in: the sign-in page itself does not need billing's schemas.
    const [{ getUserSubscription }, { expiredAccessOf }] = await Promise.all([
      import('../../features/billing/api/get-user-subscription'),
      import('../../components/expired-access'),
    ]);
    return expiredAccessOf((await getUserSubscription()).standing.access);
  } catch {
    return null;
  }
}

/** /login/{role}: the accounts feature's form, told how to read a trainee's billing standing. */
export function LoginRoutePage() {
  return <LoginPage expiredAccessAfterLogin={expiredAccessAfterLogin} />;
}
