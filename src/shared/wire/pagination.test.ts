import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, pageCount, pageUrl, toPage } from './pagination';

describe('pageUrl: the same address on another page', () => {
  it.each<[string, number, string]>([
    ['/api/v1/experience-log/', 2, '/api/v1/experience-log/?page=2'],
    ['/api/v1/experience-log/?status=pending', 3, '/api/v1/experience-log/?status=pending&page=3'],
    [
      '/api/v1/experience-log/?page=3&month=2026-04',
      4,
      '/api/v1/experience-log/?page=4&month=2026-04',
    ],
    ['/api/v1/experience-log/?month=2026-04&page=2', 1, '/api/v1/experience-log/?month=2026-04'],
    ['/api/v1/experience-log/?page=2', 1, '/api/v1/experience-log/'],
    [
      '/api/v1/experience-log/?task=A.1&u_id=7',
      2,
      '/api/v1/experience-log/?task=A.1&u_id=7&page=2',
    ],
  ])('%s, page %i', (url, page, expected) => {
    expect(pageUrl(url, page)).toBe(expected);
  });
});

describe('toPage: the count and the links on either side', () => {
  const url = '/api/v1/experience-log/?status=pending';
  it.each<[string, number, number, string | null, string | null]>([
    ['an empty list', 1, 0, null, null],
    ['a list on one page', 1, PAGE_SIZE, null, null],
    ['the first of two pages', 1, PAGE_SIZE + 1, `${url}&page=2`, null],
    ['the last of two pages', 2, PAGE_SIZE + 1, null, url],
    ['a middle page', 2, 3 * PAGE_SIZE, `${url}&page=3`, url],
    ['the third of three', 3, 3 * PAGE_SIZE, null, `${url}&page=2`],
  ])('%s', (_name, page, count, next, previous) => {
    expect(toPage(url, page, count, [])).toEqual({ count, next, previous, results: [] });
  });

  it('counts at least one page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(PAGE_SIZE)).toBe(1);
    expect(pageCount(PAGE_SIZE + 1)).toBe(2);
  });
});
