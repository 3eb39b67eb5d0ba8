import { describe, expect, it } from 'vitest';
import {
  ID_BEYOND_RANGE,
  IdSchema,
  IsoDateSchema,
  isStorableText,
  MAX_ID,
  MonthSchema,
  nameText,
  PathIdSchema,
  PersonNameSchema,
  safeText,
  toNameText,
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

describe('names (issue 36: one line, no control characters)', () => {
  const ONE_LINE = 'Must be one line, without control characters';
  it.each([
    ['a plain name', 'Ana Núñez', []],
    ['an apostrophe, a hyphen and an emoji', "O'Brien-Łukasz 😀", []],
    ['right-to-left text', 'עברית', []],
    ['a line feed', 'Ana\nBcc: someone', [ONE_LINE]],
    ['a carriage return and line feed', 'Ana\r\nLi', [ONE_LINE]],
    ['a tab', 'Ana\tLi', [ONE_LINE]],
    ['a NUL', 'Ta\u0000ra', [ONE_LINE]],
    ['an escape (C0)', 'Ana\u001b[31m', [ONE_LINE]],
    ['DEL', 'Ana\u007f', [ONE_LINE]],
    ['a next line (C1 U+0085)', 'Ana\u0085Li', [ONE_LINE]],
    ['a C1 control (U+009F)', 'Ana\u009fLi', [ONE_LINE]],
    ['a line separator (U+2028)', 'Ana\u2028Li', [ONE_LINE]],
    ['a paragraph separator (U+2029)', 'Ana\u2029Li', [ONE_LINE]],
    ['a lone surrogate', 'Ana\ud800', ['Must not contain invalid characters']],
  ])('%s', (_case, value, messages) => {
    expect(messagesOf(PersonNameSchema.safeParse(value))).toEqual(messages);
    expect(messagesOf(nameText(150).safeParse(value))).toEqual(messages);
  });

  it('takes a line break at either end as the whitespace it trims', () => {
    expect(PersonNameSchema.parse('\n Ana Li \r\n')).toBe('Ana Li');
    expect(nameText(150).parse('\u2028')).toBe('');
  });

  it('requires a person’s name and bounds every name’s length', () => {
    expect(messagesOf(PersonNameSchema.safeParse(' \n '))).toEqual(['⋆Required']);
    expect(messagesOf(PersonNameSchema.safeParse('n'.repeat(151)))).toEqual([
      'Must be at most 150 characters',
    ]);
    expect(messagesOf(nameText(200).safeParse('o'.repeat(201)))).toEqual([
      'Must be at most 200 characters',
    ]);
  });

  it.each([
    ['a plain name', 'Ana Núñez', 'Ana Núñez'],
    ['line breaks and tabs', 'Ana\r\n\tLi\u2028\u0085Ro', 'Ana Li Ro'],
    ['controls at the ends', '\u0000 Ana \u001b', 'Ana'],
    ['a lone surrogate', 'Ana\ud800Li', 'Ana Li'],
    ['only controls', '\n\r\u0000', ''],
    ['too long', 'n'.repeat(160), 'n'.repeat(150)],
    ['cut inside a surrogate pair', `${'n'.repeat(149)}😀`, 'n'.repeat(149)],
  ])('toNameText makes %s a name', (_case, value, name) => {
    expect(toNameText(value, 150)).toBe(name);
    expect(PersonNameSchema.safeParse(name).success || name === '').toBe(true);
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
