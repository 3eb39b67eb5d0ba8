import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/*
 * The standard 14 PDF fonts only encode WinAnsi ('Łukasz Żółć' fails); DejaVu covers Latin,
 * Greek and Cyrillic, not CJK, and pdf-lib does not shape right-to-left scripts.
 */

const require = createRequire(import.meta.url);

const fontPath = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);

export type FontWeight = 'regular' | 'bold';

const FILES: Record<FontWeight, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
};

const fontFiles = new Map<FontWeight, Promise<Uint8Array>>();

function readFontFile(weight: FontWeight): Promise<Uint8Array> {
  let file = fontFiles.get(weight);
  if (!file) {
    file = readFile(fontPath(FILES[weight]));
    fontFiles.set(weight, file);
  }
  return file;
}

export async function embedDejaVu(
  doc: PDFDocument,
  weight: FontWeight = 'regular',
): Promise<PDFFont> {
  doc.registerFontkit(fontkit);
  return doc.embedFont(await readFontFile(weight), { subset: true });
}
