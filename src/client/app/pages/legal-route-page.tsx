import { lazy } from 'react';

/** The Terms and Privacy pages (public and in both areas), loaded when opened. */
export const LegalRoutePage = lazy(() =>
  import('../../components/legal').then((m) => ({ default: m.LegalPage })),
);
