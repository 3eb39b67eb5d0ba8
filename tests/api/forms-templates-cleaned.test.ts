import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PDF_REFUSAL_MESSAGES } from '../../src/server/adapters/pdf/check-pdf-load';
import { fvfTemplates } from '../../src/server/db/schema';
import { FORM_MESSAGES } from '../../src/server/features/forms/fvf/fvf.errors';
import { buildFvfTemplate } from '../../src/server/features/forms/fvf/fvf-template.fixture';
import { activeContentOf } from '../../src/server/adapters/pdf/pdf-reader.fixture';
import { padWithEmptyArrays, pdfWithDuplicatedScript } from '../helpers/file-fixtures';
import { fill, formsWorld, logDays, uploadTemplate, type FormsWorld } from './forms-support';

/*
 * Issue 36: a blank form uploaded by a user is read only in the check's bounded child; what is
 * kept, recognised and filled from is the check's cleaned copy (no script, no action, nothing
 * the trailer does not reach), so no fill parses the uploaded bytes on the server's event loop.
 * A row installed before this kept the uploaded bytes: it is cleaned the first time it is used.
 */

let w: FormsWorld;
beforeAll(async () => {
  w = await formsWorld();
  await logDays(w, w.recordId, '2026-03-01', 20);
});
afterAll(() => w.close());
afterEach(() => vi.restoreAllMocks());

/** A blank form with padding nothing refers to: 100,000 empty arrays after its end. */
const paddedTemplate = async () =>
  padWithEmptyArrays(await buildFvfTemplate('mfvf-2022-individual'), 200_000);

const uploadRow = async () => {
  const [row] = await w.t.db
    .select()
    .from(fvfTemplates)
    .where(eq(fvfTemplates.uploadedBy, w.trainee.id));
  if (!row) throw new Error('no template installed');
  return row;
};
const storedBytes = async (key: string) => readFile(join(w.folder.root, key));

/** Every PDF the server loads itself while `act` runs (pdf-lib in this process, not a child). */
async function loadedWhile(act: () => Promise<void>): Promise<Buffer[]> {
  const load = vi.spyOn(PDFDocument, 'load');
  await act();
  const loaded = load.mock.calls.map(([bytes]) =>
    Buffer.from(typeof bytes === 'string' ? bytes : new Uint8Array(bytes)),
  );
  load.mockRestore();
  return loaded;
}

const fillMarch = () =>
  fill(w, w.trainee, { month: '2026-03', trainee_supervisor: w.recordId, expereince_type: 1 });

describe('an uploaded blank form', () => {
  it('is kept as the check’s cleaned copy, named by the upload’s SHA-256; neither install nor fill parses the upload', async () => {
    const upload = await paddedTemplate();
    const loaded = await loadedWhile(async () => {
      const response = await uploadTemplate(w.t, w.trainee, upload);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        variant: 'mfvf-2022-individual',
        sha256: createHash('sha256').update(upload).digest('hex'),
      });
    });
    const row = await uploadRow();
    expect(row.isCleaned).toBe(true);
    const kept = await storedBytes(row.storageKey);
    // The padding and the template's scripts, OpenAction and stray link are not in it.
    expect(kept.length).toBeLessThan(upload.length / 2);
    expect(row.sizeBytes).toBe(kept.length);
    expect(await activeContentOf(kept)).toEqual([]);
    expect(loaded.some((bytes) => bytes.equals(upload))).toBe(false);

    const filledFrom = await loadedWhile(async () => {
      const response = await fillMarch();
      expect(response.statusCode, response.body).toBe(201);
    });
    expect(filledFrom.some((bytes) => bytes.equals(kept))).toBe(true);
    expect(filledFrom.some((bytes) => bytes.equals(upload))).toBe(false);
  });

  it('installed before the copy was kept, is cleaned in the child the first time a form is filled from it', async () => {
    const upload = await paddedTemplate();
    const row = await uploadRow();
    // As a row installed before issue 36 left it: the uploaded bytes, not marked cleaned.
    await writeFile(join(w.folder.root, row.storageKey), upload);
    await w.t.db
      .update(fvfTemplates)
      .set({ isCleaned: false, sizeBytes: upload.length })
      .where(eq(fvfTemplates.id, row.id));
    const keys = await w.folder.listKeys();

    const loaded = await loadedWhile(async () => {
      const response = await fillMarch();
      expect(response.statusCode, response.body).toBe(201);
    });
    expect(loaded.some((bytes) => bytes.equals(upload))).toBe(false);
    const cleaned = await uploadRow();
    expect(cleaned).toMatchObject({ isCleaned: true, sha256: row.sha256 });
    expect(cleaned.storageKey).not.toBe(row.storageKey);
    const kept = await storedBytes(cleaned.storageKey);
    expect(cleaned.sizeBytes).toBe(kept.length);
    expect(await activeContentOf(kept)).toEqual([]);
    // The uploaded bytes' object is gone, the copy's is there.
    const now = await w.folder.listKeys();
    expect(now).not.toContain(row.storageKey);
    expect(now).toContain(cleaned.storageKey);
    expect(now.filter((key) => !keys.includes(key) && key.startsWith('forms/templates/'))).toEqual([
      cleaned.storageKey,
    ]);
  });

  it('installed before, and refused by the check now, can no longer be filled from: it says to upload it again', async () => {
    const row = await uploadRow();
    await writeFile(join(w.folder.root, row.storageKey), pdfWithDuplicatedScript());
    await w.t.db.update(fvfTemplates).set({ isCleaned: false }).where(eq(fvfTemplates.id, row.id));
    const response = await fillMarch();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      non_field_errors: [FORM_MESSAGES.uploadAgain(PDF_REFUSAL_MESSAGES.malformed)],
      code: 'FORM_TEMPLATE_INVALID',
    });
    expect(await uploadRow()).toMatchObject({ isCleaned: false, storageKey: row.storageKey });
  });
});
