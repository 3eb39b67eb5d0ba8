import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedDejaVu } from './pdf-fonts';
import { readPdfText } from './pdf-text';

/** A one-page PDF whose content stream is exactly `operators`, with Helvetica as /F1. */
async function pageWithContent(operators: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  page.node.setFontDictionary(PDFName.of('F1'), helvetica.ref);
  const stream = doc.context.register(doc.context.flateStream(operators));
  page.node.set(PDFName.of('Contents'), stream);
  return doc.save();
}

describe('readPdfText', () => {
  it('decodes literal strings with their escapes, in a simple font', async () => {
    const bytes = await pageWithContent(
      'BT /F1 12 Tf 72 700 Td (Caf\\351 \\(open\\) back\\\\slash) Tj ET % a comment (not text) Tj',
    );
    expect(await readPdfText(bytes)).toEqual([['Café (open) back\\slash']]);
  });

  it('joins the strings of a TJ array and reads hex strings', async () => {
    const bytes = await pageWithContent(
      'BT /F1 12 Tf [(Obs) -250 (ervation)] TJ <436865636B> Tj ET',
    );
    expect(await readPdfText(bytes)).toEqual([['Observation', 'Check']]);
  });

  it('reads an embedded font through its ToUnicode map, page by page', async () => {
    const doc = await PDFDocument.create();
    const font = await embedDejaVu(doc);
    doc.addPage().drawText('Zoë Łukasz ✓', { font, size: 12, x: 50, y: 700 });
    doc.addPage().drawText('Ωmega', { font, size: 12, x: 50, y: 700 });
    expect(await readPdfText(await doc.save())).toEqual([['Zoë Łukasz ✓'], ['Ωmega']]);
  });

  it('follows the form XObjects a page draws', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage();
    const font = await embedDejaVu(doc);
    const field = doc.getForm().createTextField('NAME');
    field.addToPage(page, { x: 50, y: 600, width: 200, height: 20, font });
    field.setText('Ana Núñez');
    field.updateAppearances(font);
    doc.getForm().flatten({ updateFieldAppearances: false });
    expect(await readPdfText(await doc.save())).toEqual([['Ana Núñez']]);
  });
});
