import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFBool, PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { FvfVariantId } from './fvf-fields';
import { signFvf } from './fvf-signing';
import { fillFvfTemplate } from './fvf-template';
import { buildFvfTemplate, createFillInput, createFinalFillInput } from './fvf-template.fixture';

/*
 * Issue 36 item 3: a filled form's fields name, in their default appearance (/DA), the font a
 * reader redraws them in; each must be a font of the AcroForm's /DR, or a reader that redraws
 * the fields (one that ignores our appearances, or is told to by /NeedAppearances, as poppler
 * then is) shows the values in another font or not at all. Read in the PDF's objects, and by
 * poppler where it is installed (`apt-get install poppler-utils`).
 */

const hasPoppler = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** The text of a /DA value (a literal or hex string). */
const textOf = (value: unknown) =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;

/** Every font a /DA of the form names (the AcroForm's, each field's and each widget's), and /DR's. */
async function fontsOf(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf);
  const acroForm = doc.getForm().acroForm.dict;
  const das = [textOf(acroForm.lookup(PDFName.of('DA')))];
  for (const field of doc.getForm().getFields()) {
    das.push(textOf(field.acroField.dict.lookup(PDFName.of('DA'))));
    for (const widget of field.acroField.getWidgets()) {
      das.push(textOf(widget.dict.lookup(PDFName.of('DA'))));
    }
  }
  const named = das
    .map((da) => da?.match(/\/([^\s/<>[\]()%]+)\s+[\d.+-]+\s+Tf/)?.[1])
    .filter((name) => name !== undefined);
  const dr = acroForm.lookup(PDFName.of('DR'));
  const fonts = dr instanceof PDFDict ? dr.lookup(PDFName.of('Font')) : undefined;
  const resources =
    fonts instanceof PDFDict ? fonts.keys().map((key) => key.decodeText()) : ([] as string[]);
  return { named: [...new Set(named)].sort(), resources };
}

/** The form with /NeedAppearances set: every reader then draws its fields again from /DA. */
async function toldToRedraw(pdf: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf);
  doc.getForm().acroForm.dict.set(PDFName.of('NeedAppearances'), PDFBool.True);
  return doc.save({ updateFieldAppearances: false });
}

/** What poppler's pdftotext prints on stderr for a PDF (its warnings), empty when all is well. */
async function popplerWarnings(pdf: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ft-poppler-'));
  try {
    const file = join(dir, 'form.pdf');
    await writeFile(file, pdf);
    const { stderr } = await promisify(execFile)('pdftotext', [file, '-']);
    return stderr;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const at = new Date('2026-04-10T16:30:00.000Z');

/** The real 2022 Organization forms' structure, told to readers to redraw their fields. */
const cases: [string, () => Promise<Uint8Array>][] = [
  [
    'a filled M-FVF',
    async () => {
      const template = await buildFvfTemplate('mfvf-2022-organization', { needAppearances: true });
      return (await fillFvfTemplate(template, createFillInput())).bytes;
    },
  ],
  [
    'an M-FVF the trainee signed (its date drawn with a second subset of DejaVu)',
    async () => {
      const template = await buildFvfTemplate('mfvf-2022-organization', { needAppearances: true });
      const filled = await fillFvfTemplate(template, createFillInput());
      const signer = { party: 'trainee', fullName: 'Zoë Łukasz', at } as const;
      return (await signFvf(filled.bytes, signer)).bytes;
    },
  ],
  [
    'a filled F-FVF',
    async () => {
      const variant: FvfVariantId = 'ffvf-2022-organization';
      const template = await buildFvfTemplate(variant, { needAppearances: true });
      return (await fillFvfTemplate(template, createFinalFillInput())).bytes;
    },
  ],
];

describe('the fonts a filled form’s fields name', () => {
  it.each(cases)('%s names only fonts its AcroForm’s /DR holds', async (_, make) => {
    const { named, resources } = await fontsOf(await make());
    expect(named).toContain('DejaVuSans');
    expect(named.filter((name) => !resources.includes(name))).toEqual([]);
  });

  it.each(cases)(
    '%s keeps the appearances drawn: the template’s /NeedAppearances goes',
    async (_, make) => {
      const doc = await PDFDocument.load(await make());
      expect(doc.getForm().acroForm.dict.has(PDFName.of('NeedAppearances'))).toBe(false);
    },
  );

  it.runIf(hasPoppler).each(cases)(
    '%s reads in poppler without a warning, as it is and drawn again from its fields',
    async (_, make) => {
      const pdf = await make();
      expect(await popplerWarnings(pdf)).toBe('');
      expect(await popplerWarnings(await toldToRedraw(pdf))).toBe('');
    },
  );
});
