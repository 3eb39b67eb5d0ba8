import { z } from 'zod';
import { pageSchema, type Page } from '../../shared/wire/pagination';
import { apiRequest } from './api-client';

type Query = Record<string, string | number | undefined>;

/** One page of a paginated list (GET `path` with `query` and `?page=`). */
export function fetchPage<T>(
  item: z.ZodType<T>,
  path: string,
  query: Query,
  page: number,
  signal?: AbortSignal,
): Promise<Page<T>> {
  return apiRequest(pageSchema(item) as z.ZodType<Page<T>>, path, {
    query: { ...query, page: page > 1 ? page : undefined },
    signal,
  });
}

/**
 * Every row of a paginated list, following `next` to the last page: for lists that stay short
 * (a day's or a month's logs, the pending logs a bulk approval confirms).
 */
export async function fetchAllPages<T>(
  item: z.ZodType<T>,
  path: string,
  query: Query,
  signal?: AbortSignal,
): Promise<T[]> {
  let page = await fetchPage(item, path, query, 1, signal);
  const rows = [...page.results];
  while (page.next) {
    page = await apiRequest(pageSchema(item) as z.ZodType<Page<T>>, page.next, { signal });
    rows.push(...page.results);
  }
  return rows;
}
