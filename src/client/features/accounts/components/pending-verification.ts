/** The address waiting for its code, kept for the verify page across a reload. */
const KEY = 'pendingVerificationEmail';

export function rememberPendingEmail(email: string): void {
  sessionStorage.setItem(KEY, email);
}

export function pendingEmail(): string | null {
  return sessionStorage.getItem(KEY);
}

export function forgetPendingEmail(): void {
  sessionStorage.removeItem(KEY);
  sessionStorage.removeItem(GOOGLE_KEY);
}

/**
 * A Google sign-in whose email Google did not verify: its token goes with the code, so that the
 * code links Google to the account (the code alone only verifies it).
 */
const GOOGLE_KEY = 'pendingGoogleVerification';

export function rememberGoogleVerification(email: string, verifyToken: string): void {
  rememberPendingEmail(email);
  sessionStorage.setItem(GOOGLE_KEY, JSON.stringify({ email, verifyToken }));
}

/** The token of a Google sign-in waiting for the code of `email`, if any. */
export function googleVerificationFor(email: string): string | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(GOOGLE_KEY) ?? 'null') as {
      email?: unknown;
      verifyToken?: unknown;
    } | null;
    return saved && saved.email === email && typeof saved.verifyToken === 'string'
      ? saved.verifyToken
      : null;
  } catch {
    return null;
  }
}
