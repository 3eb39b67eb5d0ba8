import { lazy, Suspense } from 'react';

/*
 * The page buttons of a server-paged list. Their code (Mantine's Pagination) loads when a list
 * first has more than one page, so a first screen whose list fits one page does not carry it
 * (the supervisor's home, decision 015's budget); the box keeps the buttons' height meanwhile.
 */
const PagePaginationControl = lazy(() => import('./page-pagination-control'));

/** The buttons' height at size "sm" (Mantine's --pagination-control-size-sm). */
const CONTROL_HEIGHT = 'calc(1.625rem * var(--mantine-scale))';

export function PagePagination(props: {
  total: number;
  value: number;
  onChange: (page: number) => void;
}) {
  return (
    <Suspense fallback={<div aria-hidden style={{ minHeight: CONTROL_HEIGHT }} />}>
      <PagePaginationControl {...props} />
    </Suspense>
  );
}
