import type { PageRole } from './role';

/*
 * What the browser keeps while it is away at Google: the role of the page it left from (SPEC §3
 * "Client-held storage": Google sign-in role) and the state it must come back with, so that a
 * link made by someone else (a login CSRF) is not finished in this browser.
 */
const ROLE_KEY = 'googleSignInRole';
const STATE_KEY = 'googleSignInState';

export function rememberGoogleSignIn(role: PageRole, state: string): void {
  localStorage.setItem(ROLE_KEY, role);
  sessionStorage.setItem(STATE_KEY, state);
}

/** The role the sign-in started from (student when unknown). */
export function googleSignInRole(): PageRole {
  return localStorage.getItem(ROLE_KEY) === 'supervisor' ? 'supervisor' : 'student';
}

/** Whether `state` is the one this browser started with; it can be used once. */
export function takeGoogleState(state: string | null): boolean {
  const expected = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  return expected !== null && state === expected;
}
