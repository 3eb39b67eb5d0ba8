import { describe, expect, it } from 'vitest';
import {
  ID_BEYOND_RANGE,
  IdSchema,
  IsoDateSchema,
  isStorableText,
  MAX_ID,
  MonthSchema,
  PathIdSchema,
  safeText,
} from './primitives';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('safeText', () => {
  it.each([
    ['plain text', 'Ran a preference assessment', []],
    ['tab and line breaks', 'a\tb\nc\r\nd', []],
    ['a surrogate pair (emoji)', 'x\ud83d\ude00y', []],
    ['a NUL', 'a\u0000b', ['Must not contain control characters']],
    ['a vertical tab', 'a\u000Bb', ['Must not contain control characters']],
    ['DEL', '\u007F', ['Must not contain control characters']],
    ['a lone high surrogate', 'x\ud800y', ['Must not contain invalid characters']],
    ['a lone low surrogate', '\udc00', ['Must not contain invalid characters']],
    ['a pair in the wrong order', '\ude00\ud83d', ['Must not contain invalid characters']],
  ])('%s', (_case, value, messages) => {
    expect(messagesOf(safeText().safeParse(value))).toEqual(messages);
    expect(isStorableText(value)).toBe(messages.length === 0);
  });
});

describe('IdSchema (ids in a body or a query)', () => {
  it.each([
    [1, 1],
    ['42', 42],
    [' 7 ', 7],
    [MAX_ID, MAX_ID],
  ])('reads %j as %d', (value, id) => {
    expect(IdSchema.parse(value)).toBe(id);
  });

  it.each([
    0,
    -1,
    1.5,
    MAX_ID + 1,
    9_007_199_254_740_994,
    1e308,
    '9223372036854775808',
    '1e3',
    '',
    'abc',
    true,
    null,
  ])('refuses %j with "Not a valid id"', (value) => {
    expect(messagesOf(IdSchema.safeParse(value))).toEqual(['Not a valid id']);
  });
});

describe('PathIdSchema (ids in a path)', () => {
  it('reads digits as the id', () => {
    expect(PathIdSchema.parse('2147483647')).toBe(MAX_ID);
  });

  it.each(['0', '2147483648', '99999999999999999999999999'])(
    'marks %s as well formed but beyond any row (the handler answers 404)',
    (value) => {
      const issues = PathIdSchema.safeParse(value).error?.issues ?? [];
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatchObject({ params: { [ID_BEYOND_RANGE]: true } });
    },
  );

  it.each(['me', '-1', '1.5', '', '1e3'])('refuses %j as malformed, without the mark', (value) => {
    const issues = PathIdSchema.safeParse(value).error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual(['Not a valid id']);
    expect(issues[0]).not.toHaveProperty('params');
  });
});

describe('IsoDateSchema', () => {
  it.each(['2024-02-29', '1000-01-01', '9999-12-31'])('accepts %s', (value) => {
    expect(IsoDateSchema.parse(value)).toBe(value);
  });

  it.each([
    ['0000-00-00', '⋆Invalid date'],
    ['2026-02-30', '⋆Invalid date'],
    ['2024-13-01', '⋆Invalid date'],
    ['0999-12-31', '⋆Invalid date'],
    ['2026-3-1', 'Use the form YYYY-MM-DD'],
    ['2026-03-01T00:00', 'Use the form YYYY-MM-DD'],
  ])('refuses %s with %s', (value, message) => {
    expect(messagesOf(IsoDateSchema.safeParse(value))).toEqual([message]);
  });
});

describe('MonthSchema', () => {
  it.each([
    ['2026-03', true],
    ['1000-01', true],
    ['0000-01', false],
    ['2026-13', false],
    ['2026-3', false],
  ])('%s is a month: %s', (value, isMonth) => {
    expect(MonthSchema.safeParse(value).success).toBe(isMonth);
  });
});
