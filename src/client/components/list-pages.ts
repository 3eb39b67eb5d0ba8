import { useEffect, useState } from 'react';
import { PAGE_SIZE } from '../../shared/wire/pagination';
import { ApiError } from '../lib/api-client';

/** The rows are one page of the server's list: its number, how many rows in all, and how to move. */
export type ServerPaging = { page: number; count: number; onChange: (page: number) => void };

/**
 * The pages of a table, PAGE_SIZE rows each (the server's page size): the rows given are either
 * the whole list, paged here, or, with `paging`, the server's page of a longer one.
 */
export function useListPages<T>(rows: readonly T[] | undefined, paging?: ServerPaging) {
  const [localPage, setLocalPage] = useState(1);
  const total = paging ? paging.count : (rows?.length ?? 0);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = paging ? paging.page : Math.min(localPage, pages);
  const shown = paging
    ? (rows ?? [])
    : (rows ?? []).slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  return {
    shown,
    total,
    pages,
    current,
    /** The first row's position on this page, from 1. */
    from: (current - 1) * PAGE_SIZE + 1,
    to: (current - 1) * PAGE_SIZE + shown.length,
    setPage: paging ? paging.onChange : setLocalPage,
  };
}

/**
 * The paging of a server's list shown at `page`, once its first answer is in. A page that has
 * gone meanwhile (its last logs approved or deleted: the server answers 404) goes back to the
 * first.
 */
export function useServerPaging(
  page: number,
  setPage: (page: number) => void,
  query: { data?: { count: number }; error: unknown },
): ServerPaging | undefined {
  const isGone = page > 1 && query.error instanceof ApiError && query.error.status === 404;
  useEffect(() => {
    if (isGone) setPage(1);
  }, [isGone, setPage]);
  return query.data ? { page, count: query.data.count, onChange: setPage } : undefined;
}
