/**
 * The router state the area guard sends a page to its sign-in with when the server ended the
 * session (signed out from another device, or a password change), so that sign-in says so.
 */
export const SESSION_ENDED_STATE = { sessionEnded: true } as const;

/** Whether a page was reached with SESSION_ENDED_STATE. */
export function isSessionEnded(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'sessionEnded' in state
    ? state.sessionEnded === true
    : false;
}
