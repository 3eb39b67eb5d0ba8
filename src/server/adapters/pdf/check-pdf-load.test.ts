import { describe, expect, it } from 'vitest';
import {
  handWrittenPdf,
  HAND_PAGES,
  padWithEmptyArrays,
  pdfBytes,
  pdfWithDuplicatedScript,
  pdfWithMalformedScript,
  pdfWithScriptBehindAnUpdate,
} from '../../../../tests/helpers/file-fixtures';
import { activeContentOf, readerScripts, readerText } from './pdf-reader.fixture';
import { plainPdfCopy, UPLOADED_PDF_LIMITS } from './check-pdf-load';

/*
 * Issue 36: the upload check reads what pdf-lib reads, and readers may read a file otherwise;
 * so it refuses objects defined twice or unparsable, and what passes is kept as the copy it
 * writes from what it read. It reads in a child with its memory and its work bounded.
 */

const SCRIPT = 'app.alert(1)';

describe('objects a reader would read otherwise', () => {
  it.each([
    ['defined twice in one revision (the script in the first copy)', pdfWithDuplicatedScript],
    ['that pdf-lib cannot parse (a stray 0 among its keys)', pdfWithMalformedScript],
  ])('refuses a script in objects %s', async (_, make) => {
    const pdf = make();
    // What a reader runs: the check must not take pdf-lib's word for it.
    expect(await readerScripts(pdf)).toContain(`OpenAction: ${SCRIPT}`);
    expect(await plainPdfCopy(pdf, 'record')).toEqual({ ok: false, reason: 'malformed' });
    expect(await plainPdfCopy(pdf, 'template')).toEqual({ ok: false, reason: 'malformed' });
  });

  it('keeps, of an update whose table still names the script, the copy pdf-lib read: no script', async () => {
    const pdf = pdfWithScriptBehindAnUpdate();
    expect(await readerScripts(pdf)).toEqual([`x: ${SCRIPT}`, `OpenAction: ${SCRIPT}`]);
    const copy = await plainPdfCopy(pdf, 'record');
    if (!copy.ok) throw new Error(`refused: ${copy.reason}`);
    expect(await readerScripts(copy.pdf)).toEqual([]);
    expect(copy.pdf.includes('JavaScript')).toBe(false);
  });

  it('takes an honest incremental update, whose table names the new copies', async () => {
    const pdf = handWrittenPdf(
      [
        [[1, '<< /Type /Catalog /Pages 2 0 R >>'], ...HAND_PAGES],
        [[1, '<< /Type /Catalog /Pages 2 0 R /Lang (en) >>']],
      ],
      'last',
    );
    const copy = await plainPdfCopy(pdf, 'record');
    if (!copy.ok) throw new Error(`refused: ${copy.reason}`);
    expect(copy.pdf.toString('latin1')).toContain('/Lang (en)');
  });
});

describe('the copy kept', () => {
  it('is written again from what was read: other bytes, the same pages, nothing active', async () => {
    const pdf = await pdfBytes('Monthly Fieldwork Verification Form');
    const copy = await plainPdfCopy(pdf, 'record');
    if (!copy.ok) throw new Error(`refused: ${copy.reason}`);
    expect(copy.pdf.equals(pdf)).toBe(false);
    expect(await readerText(copy.pdf)).toEqual(await readerText(pdf));
    expect(await activeContentOf(copy.pdf)).toEqual([]);
  });
});

describe('the child’s bounds', () => {
  it('refuses 20 MB of empty arrays by their count, long before they fill its memory', async () => {
    const pdf = padWithEmptyArrays(await pdfBytes(), 20 * 1024 * 1024);
    for (const mode of ['record', 'template'] as const) {
      expect(await plainPdfCopy(pdf, mode)).toEqual({ ok: false, reason: 'too-large' });
    }
  });

  it('has a memory cap: a file whose objects outgrow its heap is refused, not waited on', async () => {
    const uncounted = { ...UPLOADED_PDF_LIMITS.record, maxValues: Number.MAX_SAFE_INTEGER };
    const small = { ...uncounted, heapMb: 64 };
    const pdf = padWithEmptyArrays(await pdfBytes(), 2 * 1024 * 1024);
    // Within the default heap it passes (its arrays are unreferenced, so the copy drops them).
    const copy = await plainPdfCopy(pdf, 'record', uncounted);
    expect(copy.ok && copy.pdf.length < 10_000).toBe(true);
    expect(await plainPdfCopy(pdf, 'record', small)).toEqual({ ok: false, reason: 'too-large' });
    expect((await plainPdfCopy(await pdfBytes(), 'record', small)).ok).toBe(true);
  });
});
