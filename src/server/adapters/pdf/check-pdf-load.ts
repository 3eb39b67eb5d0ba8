import { fileURLToPath } from 'node:url';
import { runBoundedChild, type ChildLimits } from '../process/bounded-child';
import {
  EXIT_ACTIVE_CONTENT,
  EXIT_MALFORMED,
  EXIT_POLYGLOT,
  EXIT_UNREADABLE,
} from './pdf-load-check.child.mjs';

const CHILD = fileURLToPath(new URL('./pdf-load-check.child.mjs', import.meta.url));

/**
 * A 'record' file carries nothing active at all; a blank official form ('template') may carry
 * what the BACB's forms do (field scripts, an OpenAction, a link to another file), and is kept
 * with all of it stripped (pdf-load-check.child.mjs says what each refuses).
 */
export type PdfMode = 'record' | 'template';

export type PdfLimits = ChildLimits & {
  /** The most bytes all of its streams may decode to while it is read. */
  maxDecodedBytes: number;
  /** The most values (numbers, names, arrays, dictionaries…) its objects may hold. */
  maxValues: number;
};

export type PdfRefusal = 'unreadable' | 'too-large' | 'active-content' | 'polyglot' | 'malformed';

/**
 * A PDF that passed, as the copy to keep (written again from what was checked: never the
 * uploaded bytes), or why it is refused; `found` names the active content refused, in words ('a
 * Launch action, which starts a program').
 */
export type PdfCopy = { ok: true; pdf: Buffer } | { ok: false; reason: PdfRefusal; found?: string };

/** The limits shared by every uploaded PDF (a scanned form or a blank one, 20 MB at most). */
const UPLOAD_LIMITS = {
  // A BACB form's streams decode to well under a megabyte, a scanned form's to a few; a deflate
  // bomb asks for gigabytes.
  maxDecodedBytes: 32 * 1024 * 1024,
  // A 20 MB scan needs a few tens of MB; 20 MB of empty arrays asked for 1.1 GB (issue 36).
  heapMb: 384,
  addressSpaceMb: 2048,
  // A real form is read in well under a second of CPU.
  cpuSeconds: 10,
  timeoutMs: 60_000,
  // The copy: the upload, with its object streams (at most maxDecodedBytes) written out plain.
  maxOutputBytes: 64 * 1024 * 1024,
} as const;

/**
 * What reading an uploaded PDF may cost, by what it is. A record file is kept and served, never
 * read again by the app: a million values is far more than a scanned or printed form has. A blank
 * form is read again by the app for every form filled from it, so its cleaned copy must stay
 * small: the BACB's forms hold some tens of thousands of values.
 */
export const UPLOADED_PDF_LIMITS: Record<PdfMode, PdfLimits> = {
  record: { ...UPLOAD_LIMITS, maxValues: 1_000_000 },
  template: { ...UPLOAD_LIMITS, maxValues: 200_000 },
};

/** Why an uploaded PDF is refused, as its uploader reads it. */
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

/** What the child said it found, kept short (it is its own words, at most a line). */
const MAX_FOUND_CHARS = 200;

/**
 * Reads an uploaded PDF in a child process of its own (pdf-load-check.child.mjs) under `limits`
 * (its memory, CPU time and wall time bounded, its streams' decoded bytes and its values counted)
 * and answers with the copy to keep: written again from what pdf-lib read and the trailer reaches,
 * made inert for a blank form, or why it is refused (unreadable, too large, active content, a
 * polyglot, objects defined twice or unparsable). The uploaded bytes are never parsed by the
 * server itself, so no PDF holds its memory or its event loop; a child that dies of a limit is
 * 'too-large'.
 */
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
  // Over a counting limit (EXIT_TOO_LARGE), killed at a limit, or out of memory.
  if (!reason) return { ok: false, reason: 'too-large' };
  const found = output.toString('utf8').slice(0, MAX_FOUND_CHARS);
  return reason === 'active-content' && found !== ''
    ? { ok: false, reason, found }
    : { ok: false, reason };
}
