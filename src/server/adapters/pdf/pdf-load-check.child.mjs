/*
 * Loads one PDF with pdf-lib, in a process of its own (check-pdf-load.ts starts it), before the
 * app loads it: pdf-lib inflates a PDF's object and cross-reference streams whole and without a
 * limit, so a 200 KB upload can ask for 200 MB and seconds of work (a deflate bomb). Here every
 * stream's decoding is counted, and the parent kills the process at its time limit.
 *
 * It also refuses what a PDF may carry besides pages (issue 12, decision 017):
 * - a polyglot: bytes before the `%PDF-` header (it must be at offset 0, no byte-order mark), or
 *   an HTML marker (`<html`, `<script`, `<!doctype html`, any case) in the bytes outside the
 *   contents of the streams pdf-lib parsed, where a sniffing browser would find a page;
 * - active content, in any dictionary of any object (object streams decoded, so nothing hides in
 *   one): a `/JS` or `/JavaScript` key (an action's script, the `/Names` tree's scripts), an
 *   action whose `/S` is in DANGEROUS_ACTIONS, an embedded file (`/EF`, `/EmbeddedFile(s)`) or
 *   rich media (`/RichMedia…`). Every object is walked, so an `/OpenAction` or `/AA` naming such
 *   an action is caught at the action. With `allowScripts` (a blank form, whose fields' format
 *   scripts the official forms need and whose document-level scripts filling drops) the script
 *   keys and JavaScript actions pass; the rest does not.
 *
 * argv[2]: JSON { maxDecodedBytes, allowScripts }; stdin: the PDF. Exit 0 loaded within the limit
 * and plain; 3 unreadable (pdf-lib cannot load it); 4 its streams decode to more than
 * maxDecodedBytes; 5 active content; 6 a polyglot.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

export const EXIT_UNREADABLE = 3;
export const EXIT_TOO_LARGE = 4;
export const EXIT_ACTIVE_CONTENT = 5;
export const EXIT_POLYGLOT = 6;

/**
 * Actions that run code (JavaScript), start a program or open a file (Launch), send the form's
 * data elsewhere (SubmitForm), read data from a file (ImportData), open another or an embedded
 * document (GoToR, GoToE), or drive embedded rich media (RichMediaExecute). Links (URI), page
 * jumps (GoTo) and the like stay: ordinary documents have them.
 */
const DANGEROUS_ACTIONS = new Set([
  'JavaScript',
  'Launch',
  'SubmitForm',
  'ImportData',
  'GoToR',
  'GoToE',
  'RichMediaExecute',
]);
const SCRIPT_KEYS = new Set(['JS', 'JavaScript']);
const EMBEDDED_KEYS = new Set([
  'EF',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'RichMediaContent',
]);
const EMBEDDED_TYPES = new Set(['EmbeddedFile', 'RichMedia']);

const HTML_MARKER = /<html|<script|<!doctype html/i;

/**
 * Whether the bytes outside the streams' contents hold an HTML marker. Each stream pdf-lib parsed
 * (`parsed`: in the order it met them) blanks the next copy of its contents from where the last
 * one was found (from the start if none is further on: an incremental update's): text that only
 * looks like a stream (`%stream` in a comment) hides nothing, and a stream whose contents repeat
 * bytes elsewhere blanks one copy only, so a marker in them still shows once.
 */
function hasHtmlOutsideStreams(pdfLib, bytes, parsed) {
  const rest = Buffer.from(bytes);
  let cursor = 0;
  for (const object of parsed) {
    if (!(object instanceof pdfLib.PDFRawStream) || object.contents.length === 0) continue;
    let at = rest.indexOf(object.contents, cursor);
    if (at < 0) at = rest.indexOf(object.contents);
    if (at < 0) continue;
    rest.fill(0x20, at, at + object.contents.length);
    cursor = at + object.contents.length;
  }
  return HTML_MARKER.test(rest.toString('latin1'));
}

/** Whether a dictionary or anything directly inside it is active content (see above). */
function hasActiveContent(pdfLib, value, allowScripts) {
  const { PDFArray, PDFDict, PDFName, PDFStream } = pdfLib;
  const pending = [value];
  while (pending.length > 0) {
    let item = pending.pop();
    if (item instanceof PDFStream) item = item.dict;
    if (item instanceof PDFArray) pending.push(...item.asArray());
    if (!(item instanceof PDFDict)) continue;
    for (const [key, entry] of item.entries()) {
      const name = key.decodeText();
      if (SCRIPT_KEYS.has(name) && !allowScripts) return true;
      if (EMBEDDED_KEYS.has(name)) return true;
      if (entry instanceof PDFName) {
        const named = entry.decodeText();
        if (name === 'S' && DANGEROUS_ACTIONS.has(named)) {
          if (!(allowScripts && named === 'JavaScript')) return true;
        }
        if ((name === 'Type' || name === 'Subtype') && EMBEDDED_TYPES.has(named)) return true;
      }
      pending.push(entry);
    }
  }
  return false;
}

async function main() {
  const { maxDecodedBytes, allowScripts = false } = JSON.parse(process.argv[2] ?? '{}');
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
  const pdfLib = require('pdf-lib');
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') process.exit(EXIT_POLYGLOT);
  let doc;
  try {
    doc = await pdfLib.PDFDocument.load(bytes, { updateMetadata: false });
    doc.getForm().getFields();
  } catch {
    process.exit(EXIT_UNREADABLE);
  }
  // Every indirect object, those of object streams included; a direct one lives inside one.
  const objects = doc.context.enumerateIndirectObjects().map(([, object]) => object);
  // The context's own map keeps the parser's order (enumerateIndirectObjects sorts by number).
  const parsed = doc.context.indirectObjects.values();
  if (hasHtmlOutsideStreams(pdfLib, bytes, parsed)) process.exit(EXIT_POLYGLOT);
  if (objects.some((object) => hasActiveContent(pdfLib, object, allowScripts))) {
    process.exit(EXIT_ACTIVE_CONTENT);
  }
  process.exit(0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
