import { describe, expect, it } from 'vitest';
import { smallXlsx, xlsxBomb } from '../../../../tests/helpers/zip-bomb';
import { SPREADSHEET_LIMITS } from './import.parse';
import { readSpreadsheetRows } from './spreadsheet-read';
import { countUnpackedBytes, hasRecordWiderThan } from './spreadsheet-read.child.mjs';

describe('readSpreadsheetRows (a child process under limits)', () => {
  it('reads a real workbook’s first sheet', async () => {
    expect(await readSpreadsheetRows(await smallXlsx(), 'xlsx', SPREADSHEET_LIMITS)).toEqual({
      ok: true,
      rows: [
        ['Date', 'Start', 'End'],
        ['2026-03-02', '09:00', '10:00'],
      ],
    });
  });

  it('counts the bytes really inflated and stops at the limit', async () => {
    const xlsx = await smallXlsx();
    const unpacked = await countUnpackedBytes(xlsx, Number.MAX_SAFE_INTEGER);
    expect(unpacked).toBeGreaterThan(xlsx.length);
    await expect(countUnpackedBytes(xlsx, unpacked - 1)).rejects.toThrow();
    expect(
      await readSpreadsheetRows(xlsx, 'xlsx', {
        ...SPREADSHEET_LIMITS,
        maxUnpackedBytes: unpacked - 1,
      }),
    ).toEqual({
      ok: false,
      reason: 'too-large',
    });
  });

  it('refuses an entry that inflates past what it declares after its declared bytes', async () => {
    const bomb = await xlsxBomb({ declaredBytes: 4096, inflatedBytes: 64 * 1024 * 1024 });
    expect(await readSpreadsheetRows(bomb, 'xlsx', SPREADSHEET_LIMITS)).toEqual({
      ok: false,
      reason: 'unreadable',
    });
  });

  it('runs with the memory limits it is given: a child that exceeds them is refused, not waited on', async () => {
    const xlsx = await smallXlsx();
    // Too little heap for ExcelJS itself, and an address space Node cannot start in.
    expect(await readSpreadsheetRows(xlsx, 'xlsx', { ...SPREADSHEET_LIMITS, heapMb: 4 })).toEqual({
      ok: false,
      reason: 'too-large',
    });
    expect(
      await readSpreadsheetRows(xlsx, 'xlsx', { ...SPREADSHEET_LIMITS, addressSpaceMb: 256 }),
    ).toEqual({
      ok: false,
      reason: 'too-large',
    });
  });
});

describe('hasRecordWiderThan (columns counted before any row is built)', () => {
  const cases: [string, string, number, boolean][] = [
    ['a,b,c', ',', 3, false],
    ['a,b,c,d', ',', 3, true],
    ['a,b\nc,d,e,f', ',', 3, true],
    ['a,b,c\r\nd,e,f\r\n', ',', 3, false],
    ['a,"b,c,d",e', ',', 3, false],
    ['a,"b ""x,y"" c",d', ',', 3, false],
    ['a,"b\n,,,,",c\nd', ',', 3, false],
    ['a,"b"  ,c,d', ',', 3, true],
    ['a;b;c;d', ';', 3, true],
    ['a;b;c;d', ',', 3, false],
    // A quote inside an unquoted field is text; an unterminated one is Papa's to refuse.
    ['a,b"c,d', ',', 3, false],
    ['a,"b,c,d,e', ',', 3, false],
  ];
  it.each(cases)('%j split on %j: more than %i fields is %s', (text, delimiter, max, wider) => {
    expect(hasRecordWiderThan(text, delimiter, max)).toBe(wider);
  });
});

describe('readSpreadsheetRows of a CSV', () => {
  it('refuses a header of a million columns before building a row', async () => {
    const csv = Buffer.from(`${'a,'.repeat(1_000_000)}a\n1\n`);
    expect(await readSpreadsheetRows(csv, 'csv', SPREADSHEET_LIMITS)).toEqual({
      ok: false,
      reason: 'too-many-columns',
    });
  });

  it('reads the rows as the file has them, never padded', async () => {
    expect(
      await readSpreadsheetRows(
        Buffer.from('Date,Start,End\n2026-03-01\n'),
        'csv',
        SPREADSHEET_LIMITS,
      ),
    ).toEqual({ ok: true, rows: [['Date', 'Start', 'End'], ['2026-03-01']] });
  });
});
