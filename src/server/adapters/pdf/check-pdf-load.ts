import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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

export type PdfLimits = { maxDecodedBytes: number; timeoutMs: number; maxOutputBytes: number };

export type PdfRefusal = 'unreadable' | 'too-large' | 'active-content' | 'polyglot' | 'malformed';

/**
 * A PDF that passed, as the copy to keep (written again from what was checked: never the
 * uploaded bytes), or why it is refused; `found` names the active content refused, in words ('a
 * Launch action, which starts a program').
 */
export type PdfCopy = { ok: true; pdf: Buffer } | { ok: false; reason: PdfRefusal; found?: string };

/**
 * What reading an uploaded PDF may cost (a blank form or a record file): a BACB form's streams
 * decode to well under a megabyte, a scanned form's to a few; a deflate bomb asks for gigabytes.
 * The copy is the upload with its object streams (at most maxDecodedBytes) written out plain.
 */
export const UPLOADED_PDF_LIMITS: PdfLimits = {
  maxDecodedBytes: 32 * 1024 * 1024,
  timeoutMs: 10_000,
  maxOutputBytes: 64 * 1024 * 1024,
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
 * Reads an uploaded PDF in a child process of its own (pdf-load-check.child.mjs), killed at
 * `timeoutMs`, with its streams' decoded bytes counted, and answers with the copy to keep:
 * written again from what pdf-lib read and the trailer reaches, made inert for a blank form, or
 * why it is refused (unreadable, too large, active content, a polyglot, objects defined twice or
 * unparsable).
 */
export function plainPdfCopy(
  pdf: Uint8Array,
  mode: PdfMode,
  limits: PdfLimits = UPLOADED_PDF_LIMITS,
): Promise<PdfCopy> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [CHILD, JSON.stringify({ maxDecodedBytes: limits.maxDecodedBytes, mode })],
      { env: {}, stdio: ['pipe', 'pipe', 'ignore'] },
    );
    const chunks: Buffer[] = [];
    let outputBytes = 0;
    let isKilled = false;
    const kill = () => {
      isKilled = true;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(kill, limits.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      outputBytes += chunk.length;
      if (outputBytes > limits.maxOutputBytes) kill();
      else chunks.push(chunk);
    });
    // A child that exits before reading all of its input closes the pipe: its exit code tells.
    child.stdin.on('error', () => undefined);
    child.on('error', () => undefined);
    child.on('close', (code) => {
      clearTimeout(timer);
      const output = Buffer.concat(chunks);
      if (!isKilled && code === 0) {
        const isPdf = output.subarray(0, 5).toString('latin1') === '%PDF-';
        resolve(isPdf ? { ok: true, pdf: output } : { ok: false, reason: 'unreadable' });
        return;
      }
      const reason = !isKilled && code !== null ? REASON_OF_EXIT[code] : undefined;
      // Over the decoding limit (EXIT_TOO_LARGE), killed at the time limit, or out of memory.
      if (!reason) return resolve({ ok: false, reason: 'too-large' });
      const found = output.toString('utf8').slice(0, MAX_FOUND_CHARS);
      resolve(
        reason === 'active-content' && found !== ''
          ? { ok: false, reason, found }
          : { ok: false, reason },
      );
    });
    child.stdin.end(pdf);
  });
}
