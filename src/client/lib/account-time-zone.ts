/*
 * The signed-in account's time zone, as lib/session.tsx learns it; lib/local-date.ts counts today
 * in it. Apart from local-date so that the first download (the session) does not carry the
 * calendar helpers.
 */

let accountTimeZone: string | null = null;

/** Counts today in the signed-in account's zone from now on (null: the browser's). */
export function setAccountTimeZone(timeZone: string | null): void {
  accountTimeZone = timeZone;
}

/** The signed-in account's zone; null counts in the browser's. */
export function accountTimeZoneOrNull(): string | null {
  return accountTimeZone;
}
