import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { EXIT_UNREADABLE } from './pdf-load-check.child.mjs';

const CHILD = fileURLToPath(new URL('./pdf-load-check.child.mjs', import.meta.url));

export type PdfLoadLimits = { maxDecodedBytes: number; timeoutMs: number };
export type PdfLoadCheck = { ok: true } | { ok: false; reason: 'unreadable' | 'too-large' };

/**
 * Whether pdf-lib can load these bytes within the limits: tried first in a child process of its
 * own (pdf-load-check.child.mjs), killed at `timeoutMs`, with its streams' decoded bytes counted.
 * Only a PDF that passes is loaded by the app itself, so a deflate bomb or a PDF that takes
 * minutes to parse never holds the server's memory or event loop.
 */
export function checkPdfLoad(pdf: Uint8Array, limits: PdfLoadLimits): Promise<PdfLoadCheck> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [CHILD, JSON.stringify({ maxDecodedBytes: limits.maxDecodedBytes })],
      { env: {}, stdio: ['pipe', 'ignore', 'ignore'] },
    );
    let isKilled = false;
    const timer = setTimeout(() => {
      isKilled = true;
      child.kill('SIGKILL');
    }, limits.timeoutMs);
    // A child that exits before reading all of its input closes the pipe: its exit code tells.
    child.stdin.on('error', () => undefined);
    child.on('error', () => undefined);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (!isKilled && code === 0) resolve({ ok: true });
      else if (!isKilled && code === EXIT_UNREADABLE) resolve({ ok: false, reason: 'unreadable' });
      // Over the decoding limit (EXIT_TOO_LARGE), killed at the time limit, or out of memory.
      else resolve({ ok: false, reason: 'too-large' });
    });
    child.stdin.end(pdf);
  });
}
