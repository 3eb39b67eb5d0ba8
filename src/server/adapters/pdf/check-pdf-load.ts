import { fileURLToPath } from 'node:url';
import { runBoundedChild, type ChildLimits } from '../process/bounded-child';
import {
  EXIT_ACTIVE_CONTENT,
  EXIT_MALFORMED,
  EXIT_POLYGLOT,
  EXIT_UNREADABLE,
} from './pdf-load-check.child.mjs';

const CHILD = fileURLToPath(new URL('./pdf-load-check.child.mjs', import.meta.url));

/** A 'template' may carry what the BACB's forms do, kept stripped; a 'record' nothing active. */
export type PdfMode = 'record' | 'template';

export type PdfLimits = ChildLimits & {
  maxDecodedBytes: number;
  maxValues: number;
};

export type PdfRefusal = 'unreadable' | 'too-large' | 'active-content' | 'polyglot' | 'malformed';

/** The copy kept is written again from what was checked: never the uploaded bytes. */
export type PdfCopy = { ok: true; pdf: Buffer } | { ok: false; reason: PdfRefusal; found?: string };

const UPLOAD_LIMITS = {
  // A form decodes to a few MB at most; a deflate bomb asks for gigabytes.
  maxDecodedBytes: 32 * 1024 * 1024,
  // A 20 MB scan needs a few tens of MB; 20 MB of empty arrays asked for 1.1 GB (issue 36).
  heapMb: 384,
  addressSpaceMb: 2048,
  cpuSeconds: 10,
  timeoutMs: 60_000,
  maxOutputBytes: 64 * 1024 * 1024,
} as const;

/** A blank form is read again for every form filled from it, so it must stay small. */
export const UPLOADED_PDF_LIMITS: Record<PdfMode, PdfLimits> = {
  record: { ...UPLOAD_LIMITS, maxValues: 1_000_000 },
  template: { ...UPLOAD_LIMITS, maxValues: 200_000 },
};

export const PDF_REFUSAL_MESSAGES: Record<PdfRefusal, string> = {
  unreadable: 'This PDF cannot be read; save it as a plain PDF (Print to PDF) and upload it again.',
  'too-large':
    'This PDF is too large or complex to read; save it as a plain PDF (Print to PDF) and upload it again.',
  'active-content':
    'This PDF contains scripts or embedded files; save it as a plain PDF (Print to PDF) and upload it again.',
  polyglot:
    'This file is not only a PDF (it also holds a web page); save it as a plain PDF (Print to PDF) and upload it again.',
  malformed:
    'This PDF has damaged or repeated objects, so what a reader would show cannot be checked; save it as a plain PDF (Print to PDF) and upload it again.',
};

const REASON_OF_EXIT: Record<number, PdfRefusal> = {
  [EXIT_UNREADABLE]: 'unreadable',
  [EXIT_ACTIVE_CONTENT]: 'active-content',
  [EXIT_POLYGLOT]: 'polyglot',
  [EXIT_MALFORMED]: 'malformed',
};

const MAX_FOUND_CHARS = 200;

/** In a bounded child process, so no PDF holds the server's memory or event loop (decision 009). */
export async function plainPdfCopy(
  pdf: Uint8Array,
  mode: PdfMode,
  limits: PdfLimits = UPLOADED_PDF_LIMITS[mode],
): Promise<PdfCopy> {
  const args = JSON.stringify({
    maxDecodedBytes: limits.maxDecodedBytes,
    maxValues: limits.maxValues,
    mode,
  });
  const { code, isKilled, output } = await runBoundedChild(CHILD, args, pdf, limits);
  if (!isKilled && code === 0) {
    const isPdf = output.subarray(0, 5).toString('latin1') === '%PDF-';
    return isPdf ? { ok: true, pdf: output } : { ok: false, reason: 'unreadable' };
  }
  const reason = !isKilled && code !== null ? REASON_OF_EXIT[code] : undefined;
  if (!reason) return { ok: false, reason: 'too-large' };
  const found = output.toString('utf8').slice(0, MAX_FOUND_CHARS);
  return reason === 'active-content' && found !== ''
    ? { ok: false, reason, found }
    : { ok: false, reason };
}
