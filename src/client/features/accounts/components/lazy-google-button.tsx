import { lazy, Suspense } from 'react';
import type { PageRole } from './role';

/*
 * The Google sign-in's screens, loaded only when shown: neither is part of a page's first
 * download (issue 11's 150 KB). This module is imported by the landing page, so it rides in the
 * first download every page shares, and the login and register pages add nothing to theirs.
 */
const GoogleButton = lazy(() =>
  import('./google-button').then((m) => ({ default: m.GoogleButton })),
);

/** The landing page back from Google (SPEC §2 `code`). */
export const GoogleReturn = lazy(() =>
  import('./google-return').then((m) => ({ default: m.GoogleReturn })),
);

/** 'Continue with Google' (SPEC §2), loaded once the page is up; shown only when offered. */
export function LazyGoogleButton({ role }: { role: PageRole }) {
  return (
    <Suspense fallback={null}>
      <GoogleButton role={role} />
    </Suspense>
  );
}
