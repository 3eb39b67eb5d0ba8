import { describe, expect, it } from 'vitest';
import { smallXlsx, xlsxBomb } from '../../../../tests/helpers/zip-bomb';
import { XLSX_LIMITS } from './import.parse';
import { readXlsxRows } from './xlsx-read';
import { countUnpackedBytes } from './xlsx-read.child.mjs';

describe('readXlsxRows (a child process under limits)', () => {
  it('reads a real workbook’s first sheet', async () => {
    expect(await readXlsxRows(await smallXlsx(), XLSX_LIMITS)).toEqual({
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
    expect(await readXlsxRows(xlsx, { ...XLSX_LIMITS, maxUnpackedBytes: unpacked - 1 })).toEqual({
      ok: false,
      reason: 'too-large',
    });
  });

  it('refuses an entry that inflates past what it declares after its declared bytes', async () => {
    const bomb = await xlsxBomb({ declaredBytes: 4096, inflatedBytes: 64 * 1024 * 1024 });
    expect(await readXlsxRows(bomb, XLSX_LIMITS)).toEqual({ ok: false, reason: 'unreadable' });
  });

  it('runs with the memory limits it is given: a child that exceeds them is refused, not waited on', async () => {
    const xlsx = await smallXlsx();
    // Too little heap for ExcelJS itself, and an address space Node cannot start in.
    expect(await readXlsxRows(xlsx, { ...XLSX_LIMITS, heapMb: 4 })).toEqual({
      ok: false,
      reason: 'too-large',
    });
    expect(await readXlsxRows(xlsx, { ...XLSX_LIMITS, addressSpaceMb: 256 })).toEqual({
      ok: false,
      reason: 'too-large',
    });
  });
});
