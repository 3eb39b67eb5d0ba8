/*
 * Loads one PDF with pdf-lib, in a process of its own (check-pdf-load.ts starts it), before the
 * app loads it: pdf-lib inflates a PDF's object and cross-reference streams whole and without a
 * limit, so a 200 KB upload can ask for 200 MB and seconds of work (a deflate bomb). Here every
 * stream's decoding is counted, and the parent kills the process at its time limit.
 *
 * argv[2]: JSON { maxDecodedBytes }; stdin: the PDF. Exit 0 loaded within the limit; 3 unreadable
 * (pdf-lib cannot load it); 4 its streams decode to more than maxDecodedBytes.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

export const EXIT_UNREADABLE = 3;
export const EXIT_TOO_LARGE = 4;

async function main() {
  const { maxDecodedBytes } = JSON.parse(process.argv[2] ?? '{}');
  const require = createRequire(import.meta.url);
  // Every filter pdf-lib decodes (Flate, LZW, RunLength, ASCII85, ASCIIHex, chained or not)
  // grows its output through DecodeStream.ensureBuffer: count the growth of all of them.
  const DecodeStream = require('pdf-lib/cjs/core/streams/DecodeStream').default;
  const ensureBuffer = DecodeStream.prototype.ensureBuffer;
  // `requested` is the length the stream's output needs now: count each stream's growth of it.
  const counted = new WeakMap();
  let decoded = 0;
  DecodeStream.prototype.ensureBuffer = function (requested) {
    const before = counted.get(this) ?? 0;
    if (requested > before) {
      decoded += requested - before;
      counted.set(this, requested);
      if (decoded > maxDecodedBytes) process.exit(EXIT_TOO_LARGE);
    }
    return ensureBuffer.call(this, requested);
  };
  const { PDFDocument } = require('pdf-lib');
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  try {
    const doc = await PDFDocument.load(Buffer.concat(chunks), { updateMetadata: false });
    doc.getForm().getFields();
  } catch {
    process.exit(EXIT_UNREADABLE);
  }
  process.exit(0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
