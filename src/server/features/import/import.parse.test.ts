import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import {
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
} from '../../../shared/import/import.schema';
import { cellText, readSpreadsheet, unpackedZipBytes } from './import.parse';
import { decodeText } from './spreadsheet-read.child.mjs';

const refusal = async (bytes: Buffer) => {
  const error = await readSpreadsheet(bytes).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).fields;
};

describe('readSpreadsheet', () => {
  it('reads CSV with quotes, CRLF, a BOM and blank lines; cells trimmed, rows never padded nor wider than the header', async () => {
    const text =
      '\uFEFFDate,Notes,Extra\r\n2026-03-01,"Said ""hi"", then left",\r\n\r\n  2026-03-02 ,"two\nlines"\r\n2026-03-03,a,b,past the header\r\n';
    expect(await readSpreadsheet(Buffer.from(text))).toEqual({
      headers: ['Date', 'Notes', 'Extra'],
      rows: [
        ['2026-03-01', 'Said "hi", then left', ''],
        ['2026-03-02', 'two\nlines'],
        ['2026-03-03', 'a', 'b'],
      ],
    });
  });

  it('guesses the delimiter as before: semicolons and tabs, blank lines aside', async () => {
    for (const delimiter of [';', '\t']) {
      const text = ['Date', 'Start', 'End'].join(delimiter) + '\n2026-03-01' + delimiter + '9:00';
      expect(await readSpreadsheet(Buffer.from(text))).toEqual({
        headers: ['Date', 'Start', 'End'],
        rows: [['2026-03-01', '9:00']],
      });
      const two = `Date${delimiter}Start\r\n\r\n2026-03-01${delimiter}9:00\r\n\r\n`;
      expect(await readSpreadsheet(Buffer.from(two))).toEqual({
        headers: ['Date', 'Start'],
        rows: [['2026-03-01', '9:00']],
      });
    }
  });

  it(`refuses a row of more than ${IMPORT_MAX_COLUMNS} columns, header or not, CSV or XLSX`, async () => {
    const columns = (count: number) => Array.from({ length: count }, (_, index) => `c${index}`);
    const tooMany = { file: [IMPORT_MESSAGES.tooManyColumns] };
    const atLimit = columns(IMPORT_MAX_COLUMNS).join(',');
    const pastLimit = columns(IMPORT_MAX_COLUMNS + 1).join(',');
    expect((await readSpreadsheet(Buffer.from(`${atLimit}\n1`))).headers).toHaveLength(
      IMPORT_MAX_COLUMNS,
    );
    expect(await refusal(Buffer.from(`${pastLimit}\n1`))).toEqual(tooMany);
    expect(await refusal(Buffer.from(`Date,Start\n1,2\n${pastLimit}`))).toEqual(tooMany);
    // Delimiters inside quotes are text, not columns.
    const quoted = `Date,Notes\n1,"${','.repeat(IMPORT_MAX_COLUMNS * 2)}"`;
    expect((await readSpreadsheet(Buffer.from(quoted))).rows).toEqual([
      ['1', ','.repeat(IMPORT_MAX_COLUMNS * 2)],
    ]);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Wide');
    sheet.addRow(['Date']);
    sheet.addRow(['2026-03-01']);
    sheet.getCell(2, IMPORT_MAX_COLUMNS + 1).value = 'far right';
    expect(await refusal(Buffer.from(await workbook.xlsx.writeBuffer()))).toEqual(tooMany);
  });

  it('keeps formula-looking text as text, drops control characters and cuts huge cells', async () => {
    const huge = 'x'.repeat(50_000);
    const sheet = await readSpreadsheet(Buffer.from(`A,B\n=cmd|' /C calc'!A0,a\u0007b${huge}`));
    expect(sheet.rows[0]?.[0]).toBe("=cmd|' /C calc'!A0");
    expect(sheet.rows[0]?.[1]).toHaveLength(5001);
    expect(sheet.rows[0]?.[1]?.startsWith('abxx')).toBe(true);
  });

  it('refuses a binary, a file with no rows, no header, or too many rows', async () => {
    expect(await refusal(Buffer.from([0x00, 0x01, 0x02, 0x41]))).toEqual({
      file: [IMPORT_MESSAGES.notSpreadsheet],
    });
    expect(await refusal(Buffer.from('Date,Start\n'))).toEqual({ file: [IMPORT_MESSAGES.noRows] });
    // A blank first line is no header: the first line with a value is.
    expect((await readSpreadsheet(Buffer.from(',,\nA,B,C\n1,2,3'))).headers).toEqual([
      'A',
      'B',
      'C',
    ]);
    const many = ['Date', ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => '2026-03-01')].join(
      '\n',
    );
    expect(await refusal(Buffer.from(many))).toEqual({ file: [IMPORT_MESSAGES.tooManyRows] });
    const exactly = ['Date', ...Array.from({ length: IMPORT_MAX_ROWS }, () => '2026-03-01')].join(
      '\n',
    );
    expect((await readSpreadsheet(Buffer.from(exactly))).rows).toHaveLength(IMPORT_MAX_ROWS);
  });

  it('reads the first sheet of an XLSX; a broken zip is refused', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('One');
    sheet.addRow(['Date', 'Start', 'Hours', 'Note']);
    sheet.addRow([
      new Date(Date.UTC(2026, 2, 9)),
      new Date(Date.UTC(1899, 11, 30, 13, 45)),
      2.5,
      { richText: [{ text: 'rich ' }, { text: 'text' }] },
    ]);
    workbook.addWorksheet('Two').addRow(['ignored']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(unpackedZipBytes(bytes)).toBeGreaterThan(bytes.length);
    expect(await readSpreadsheet(bytes)).toEqual({
      headers: ['Date', 'Start', 'Hours', 'Note'],
      rows: [['2026-03-09', '13:45', '2.5', 'rich text']],
    });
    expect(
      await refusal(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100)])),
    ).toEqual({
      file: [IMPORT_MESSAGES.unreadable],
    });
  });
});

describe('cellText', () => {
  it('gives a formula’s saved result, never the formula, and nothing for an error', () => {
    expect(cellText({ formula: 'SUM(A1:A2)', result: 7 })).toBe('7');
    expect(cellText({ formula: 'HYPERLINK("x")', result: 'click' })).toBe('click');
    expect(cellText({ formula: '1/0', result: { error: '#DIV/0!' } })).toBe('');
    expect(cellText({ formula: 'NOW()' })).toBe('');
    expect(cellText({ text: 'site', hyperlink: 'http://example.com' })).toBe('site');
    expect(cellText(new Date(Date.UTC(2026, 0, 2, 9, 30)))).toBe('2026-01-02 09:30');
    expect(cellText(true)).toBe('Yes');
  });
});

describe('decodeText', () => {
  it('reads UTF-8, UTF-16 by its mark, and Windows-1252 when the bytes are not UTF-8', () => {
    expect(decodeText(Buffer.from('Núñez', 'utf8'))).toBe('Núñez');
    expect(decodeText(Buffer.from('Núñez', 'latin1'))).toBe('Núñez');
    expect(decodeText(Buffer.from([0x93, 0x68, 0x69, 0x94]))).toBe('\u201chi\u201d');
    expect(
      decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Zoë', 'utf16le')])),
    ).toBe('Zoë');
    expect(
      decodeText(
        Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('Zoë', 'utf16le').swap16()]),
      ),
    ).toBe('Zoë');
  });
});
