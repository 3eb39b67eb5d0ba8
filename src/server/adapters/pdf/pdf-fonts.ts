import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/*
 * The font every PDF we write uses: DejaVu Sans (the dejavu-fonts-ttf package), embedded as a
 * subset through fontkit. The standard 14 PDF fonts only encode WinAnsi, so a name such as
 * 'Łukasz Żółć' would fail with them; DejaVu covers Latin, Greek and Cyrillic names and the
 * symbols we draw (✓). It has no Chinese, Japanese or Korean glyphs, and pdf-lib does not
 * shape right-to-left scripts. An embedded TrueType font with its ToUnicode map keeps the text
 * selectable and searchable.
 */

const require = createRequire(import.meta.url);

/** Where the package keeps its TrueType files, resolved like any module (no relative paths). */
const fontPath = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);

/** DejaVu Sans in the weights we draw with. */
export type FontWeight = 'regular' | 'bold';

const FILES: Record<FontWeight, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
};

const fontFiles = new Map<FontWeight, Promise<Uint8Array>>();

/** A font file, read once per process (it never changes while the process runs). */
function readFontFile(weight: FontWeight): Promise<Uint8Array> {
  let file = fontFiles.get(weight);
  if (!file) {
    file = readFile(fontPath(FILES[weight]));
    fontFiles.set(weight, file);
  }
  return file;
}

/** Embeds DejaVu Sans into a document, subset to the glyphs the document ends up using. */
export async function embedDejaVu(
  doc: PDFDocument,
  weight: FontWeight = 'regular',
): Promise<PDFFont> {
  doc.registerFontkit(fontkit);
  return doc.embedFont(await readFontFile(weight), { subset: true });
}
