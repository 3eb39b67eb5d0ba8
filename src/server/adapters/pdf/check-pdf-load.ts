import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { EXIT_ACTIVE_CONTENT, EXIT_POLYGLOT, EXIT_UNREADABLE } from './pdf-load-check.child.mjs';

const CHILD = fileURLToPath(new URL('./pdf-load-check.child.mjs', import.meta.url));

export type PdfLoadLimits = { maxDecodedBytes: number; timeoutMs: number };
/**
 * `mode`: a 'record' file carries nothing active at all; a blank official form ('template') may
 * carry what the BACB's forms do (field scripts, an OpenAction, a link to another file), since
 * nothing of it is ever written out (pdf-load-check.child.mjs says what each refuses).
 */
export type PdfLoadOptions = PdfLoadLimits & { mode: 'record' | 'template' };
export type PdfRefusal = 'unreadable' | 'too-large' | 'active-content' | 'polyglot';
/** `found` names the active content refused, in words ('a Launch action, which starts a program'). */
export type PdfLoadCheck = { ok: true } | { ok: false; reason: PdfRefusal; found?: string };

/**
 * What loading an uploaded PDF may cost (a blank form or a record file): a BACB form's streams
 * decode to well under a megabyte, a scanned form's to a few; a deflate bomb asks for gigabytes.
 */
export const UPLOADED_PDF_LIMITS: PdfLoadLimits = {
  maxDecodedBytes: 32 * 1024 * 1024,
  timeoutMs: 10_000,
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
};

const REASON_OF_EXIT: Record<number, PdfRefusal> = {
  [EXIT_UNREADABLE]: 'unreadable',
  [EXIT_ACTIVE_CONTENT]: 'active-content',
  [EXIT_POLYGLOT]: 'polyglot',
};

/** What the child said it found, kept short (it is its own words, at most a line). */
const MAX_FOUND_CHARS = 200;

/**
 * Whether pdf-lib can load these bytes within the limits, and they are a plain PDF (no polyglot,
 * no active content: pdf-load-check.child.mjs says which): tried in a child process of its own,
 * killed at `timeoutMs`, with its streams' decoded bytes counted. Only a PDF that passes is
 * loaded by the app itself or stored, so a deflate bomb or a PDF that takes minutes to parse
 * never holds the server's memory or event loop.
 */
export function checkPdfLoad(pdf: Uint8Array, options: PdfLoadOptions): Promise<PdfLoadCheck> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [CHILD, JSON.stringify({ maxDecodedBytes: options.maxDecodedBytes, mode: options.mode })],
      { env: {}, stdio: ['pipe', 'pipe', 'ignore'] },
    );
    let found = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      found = (found + chunk).slice(0, MAX_FOUND_CHARS);
    });
    let isKilled = false;
    const timer = setTimeout(() => {
      isKilled = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    // A child that exits before reading all of its input closes the pipe: its exit code tells.
    child.stdin.on('error', () => undefined);
    child.on('error', () => undefined);
    child.on('close', (code) => {
      clearTimeout(timer);
      const reason = !isKilled && code !== null ? REASON_OF_EXIT[code] : undefined;
      if (!isKilled && code === 0) resolve({ ok: true });
      else if (reason === 'active-content' && found !== '') resolve({ ok: false, reason, found });
      else if (reason) resolve({ ok: false, reason });
      // Over the decoding limit (EXIT_TOO_LARGE), killed at the time limit, or out of memory.
      else resolve({ ok: false, reason: 'too-large' });
    });
    child.stdin.end(pdf);
  });
}
