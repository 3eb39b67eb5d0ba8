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
}
