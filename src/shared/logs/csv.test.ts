import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvRow, parseCsv } from './csv';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['with, comma', '"with, comma"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1 555', "'+1 555"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['', ''],
  ])('writes %j as %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('writes numbers as numbers, negative ones included, and null as empty', () => {
    expect(csvCell(3.25)).toBe('3.25');
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell(null)).toBe('');
  });
});

describe('csvRow and parseCsv', () => {
  it('round-trips quoted cells, commas, quotes, line breaks and accents', () => {
    const rows = [
      ['Date', 'Notes', 'Supervisor'],
      ['2026-03-05', 'Reviewed "FA" data, then\nwrote the plan', 'Zoë Müller'],
    ];
    const text = CSV_BOM + rows.map(csvRow).join('');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual(rows);
  });
});
