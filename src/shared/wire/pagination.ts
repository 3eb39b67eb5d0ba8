import { z } from 'zod';

// Paginated lists (docs/architecture.md "API contract"): `{ count, next, previous, results }` by
// page number (`?page=2`), Django REST style; `next`/`previous` are relative addresses or null.

/** Rows a page holds: a page of experience logs stays well under 50 KB. */
export const PAGE_SIZE = 20;

/** The largest page number a request may name (beyond the last page is a 404 anyway). */
export const MAX_PAGE = 100_000;

export const INVALID_PAGE = 'A page is a whole number from 1';

/** `?page=`: digits, 1 or more; absent means the first page. */
export const PageQuerySchema = z.object({
  page: z
    .string()
    .regex(/^\d{1,6}$/, { error: INVALID_PAGE })
    .transform(Number)
    .refine((page) => page >= 1 && page <= MAX_PAGE, { error: INVALID_PAGE })
    .optional(),
});

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int().describe('How many rows all the pages hold.'),
    next: z.string().nullable().describe('The next page, or null on the last one.'),
    previous: z.string().nullable().describe('The previous page, or null on the first one.'),
    results: z.array(item),
  });
}

export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

export function pageCount(count: number): number {
  return Math.max(1, Math.ceil(count / PAGE_SIZE));
}

/** The address of another page: `url` (a path with its query) with `page` set; page 1 drops it. */
export function pageUrl(url: string, page: number): string {
  const [path = '', query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  if (page === 1) params.delete('page');
  else params.set('page', String(page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export function toPage<T>(url: string, page: number, count: number, results: T[]): Page<T> {
  return {
    count,
    next: page < pageCount(count) ? pageUrl(url, page + 1) : null,
    previous: page > 1 ? pageUrl(url, Math.min(page - 1, pageCount(count))) : null,
    results,
  };
}
