import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../tests/helpers/csv';
import { CSV_BOM, csvRow } from './csv';

describe('csvRow', () => {
  it.each([
    ['plain', 'plain'],
    ['with, comma', '"with, comma"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    // A neutralised formula is quoted as well (Papa Parse's escapeFormulae).
    ['=SUM(A1:A2)', `"'=SUM(A1:A2)"`],
    ['+1 555', `"'+1 555"`],
    ['-2', `"'-2"`],
    ['@cmd', `"'@cmd"`],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['', ''],
  ])('writes %j as %j', (input, expected) => {
    expect(csvRow([input])).toBe(`${expected}\r\n`);
  });

  it('writes numbers as numbers, negative ones included, and null as empty', () => {
    expect(csvRow([3.25, -1, null, undefined])).toBe('3.25,-1,,\r\n');
  });
});

describe('csvRow read back by a CSV reader', () => {
  it('round-trips quoted cells, commas, quotes, line breaks and accents', () => {
    const rows = [
      ['Date', 'Notes', 'Supervisor'],
      ['2026-03-05', 'Reviewed "FA" data, then\nwrote the plan', 'Zoë Müller'],
    ];
    const text = CSV_BOM + rows.map(csvRow).join('');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual(rows);
  });

  it('keeps the neutralising prefix, so the cell reads as text', () => {
    expect(parseCsv(csvRow(['=1+1', '-2']))).toEqual([["'=1+1", "'-2"]]);
  });
});
