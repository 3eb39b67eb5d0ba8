/*
 * Reads one uploaded PDF with pdf-lib, in a process of its own under memory, CPU and time limits
 * (check-pdf-load.ts starts it), and answers with the copy of it that is kept: pdf-lib inflates a
 * PDF's object and cross-reference streams whole and without a limit, so a 200 KB upload can ask
 * for 200 MB and seconds of work (a deflate bomb), and a 20 MB one of empty arrays for a gigabyte
 * of objects. Here every stream's decoding and every value parsed is counted.
 *
 * It refuses what a PDF may carry besides pages (issue 12, decision 017; issues 27 and 36):
 * - a polyglot: bytes before the `%PDF-` header (it must be at offset 0, no byte-order mark), or
 *   an HTML marker (`<html`, `<script`, `<!doctype html`, any case) in the bytes outside the
 *   contents of the streams pdf-lib parsed, where a sniffing browser would find a page;
 * - objects a reader may read otherwise than pdf-lib: one object number defined twice in one
 *   revision (pdf-lib keeps the last copy; a reader takes the copy the cross-reference table
 *   names) or an object pdf-lib cannot parse (it keeps it as opaque bytes, which a lenient reader
 *   reads as the dictionary `<< /S /JavaScript 0 /JS (…) >>` it nearly is);
 * - active content (REFUSED_ACTIONS below: a record file carries none, a blank form only what a
 *   form may), in any dictionary of any object (object streams decoded, names decoded as the
 *   specification says, so nothing hides in one or behind `#xx`), and in the XFA form's packets.
 *   Every object is walked, so an `/OpenAction` or `/AA` naming such an action is caught at it.
 * What passes is written again from what pdf-lib read and the trailer reaches (pdf-rebuild.mjs):
 * the uploaded bytes are never kept, so whatever else a reader might find in them (a copy an
 * incremental update replaced, an object only an offset names) is not in the copy. A blank form
 * is also made inert, so the template kept holds no script.
 *
 * argv[2]: JSON { maxDecodedBytes, maxValues, mode: 'record' | 'template' }; stdin: the PDF.
 * Exit 0: stdout is the copy to keep. 3 unreadable (pdf-lib cannot load it); 4 its streams
 * decode to more than maxDecodedBytes or it holds more than maxValues values; 5 active content,
 * what it is written to stdout; 6 a polyglot; 7 duplicated or unparsable objects.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { keepReachable, makeInert, REBUILT_SAVE_OPTIONS } from './pdf-rebuild.mjs';

export const EXIT_UNREADABLE = 3;
export const EXIT_TOO_LARGE = 4;
export const EXIT_ACTIVE_CONTENT = 5;
export const EXIT_POLYGLOT = 6;
export const EXIT_MALFORMED = 7;

/**
 * PDF names as the specification reads them (ISO 32000-1, 7.3.5): `#` and two hexadecimal digits,
 * in either case, stand for one byte, so `/#4aavaScript` is `/JavaScript`. pdf-lib decodes the
 * upper-case digits only (`/#4AavaScript`), which let a script through the check and on to a
 * reader that decodes both. `useSpecNameDecoding` makes pdf-lib's parser read every name this
 * way; the app loads the PDFs it fills with it too (fvf-pdf-fields.ts).
 */
export function decodePdfName(raw) {
  return raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

/** Makes pdf-lib's `PDFName.of` (what its parser calls for each name) decode per the spec. */
export function useSpecNameDecoding(PDFName) {
  if (PDFName.of.isSpecDecoding) return;
  const of = PDFName.of;
  // pdf-lib decodes `#` plus two upper-case digits again: a literal `#` goes to it as `#23`.
  const specOf = (name) => of.call(PDFName, decodePdfName(name).replace(/#/g, '#23'));
  specOf.isSpecDecoding = true;
  PDFName.of = specOf;
}

/**
 * What a PDF may not carry, and how its uploader is told. A record file (`mode` 'record') is
 * opened by the trainee's supervisor, so it carries nothing active at all: no script, no action
 * that runs code (JavaScript), starts a program (Launch), sends the form's data elsewhere
 * (SubmitForm), reads data from a file (ImportData), opens another or an embedded document (GoToR,
 * GoToE) or drives rich media (RichMediaExecute); no embedded file or rich media; no script in an
 * XFA form. A blank official form (`mode` 'template') is never served to anyone: it is read and
 * filled, and what the product writes out carries no script and no action at all (pdf-output.ts),
 * so the BACB's field scripts, its OpenAction and the stray link to a file on the BACB's own disk
 * (GoToR) pass; what has no business in a form still does not (a program to start, data to send
 * or import, another file inside it).
 */
const REFUSED_ACTIONS = {
  record: new Set([
    'JavaScript',
    'Launch',
    'SubmitForm',
    'ImportData',
    'GoToR',
    'GoToE',
    'RichMediaExecute',
  ]),
  template: new Set(['Launch', 'SubmitForm', 'ImportData', 'GoToE', 'RichMediaExecute']),
};
const ACTION_WORDS = {
  JavaScript: 'a script (JavaScript action)',
  Launch: 'a Launch action, which starts a program',
  SubmitForm: "a SubmitForm action, which sends the form's data elsewhere",
  ImportData: 'an ImportData action, which reads data from another file',
  GoToR: 'a link that opens another file (GoToR action)',
  GoToE: 'a link into an embedded file (GoToE action)',
  RichMediaExecute: 'a rich-media action (RichMediaExecute)',
};
const SCRIPT_KEYS = new Set(['JS', 'JavaScript']);
const EMBEDDED_KEYS = new Set([
  'EF',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'RichMediaContent',
]);
const EMBEDDED_TYPES = new Set(['EmbeddedFile', 'RichMedia']);
/** An XFA element that runs something: a script, a web-service or database call, a submission. */
const XFA_ACTIVE = /<(?:[A-Za-z_][\w.-]*:)?(script|execute|submit)\b/i;

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

/**
 * The active content (see above) in a dictionary or anything directly inside it, in words for
 * the uploader ('a Launch action, which starts a program'), or null.
 */
function activeContentIn(pdfLib, value, mode) {
  const { PDFArray, PDFDict, PDFName, PDFStream } = pdfLib;
  const pending = [value];
  while (pending.length > 0) {
    let item = pending.pop();
    if (item instanceof PDFStream) item = item.dict;
    if (item instanceof PDFArray) {
      // One at a time: an array of a million values would overflow a spread's arguments.
      for (let index = 0; index < item.size(); index += 1) pending.push(item.get(index));
    }
    if (!(item instanceof PDFDict)) continue;
    for (const [key, entry] of item.entries()) {
      const name = key.decodeText();
      if (SCRIPT_KEYS.has(name) && mode === 'record') return 'a script';
      if (EMBEDDED_KEYS.has(name))
        return name.startsWith('Rich') ? 'rich media' : 'an embedded file';
      if (entry instanceof PDFName) {
        const named = entry.decodeText();
        if (name === 'S' && REFUSED_ACTIONS[mode].has(named)) return ACTION_WORDS[named];
        if ((name === 'Type' || name === 'Subtype') && EMBEDDED_TYPES.has(named)) {
          return named === 'RichMedia' ? 'rich media' : 'an embedded file';
        }
      }
      pending.push(entry);
    }
  }
  return null;
}

/** Whether the document's XFA form (one stream, or an array of named packets) runs anything. */
function hasActiveXfa(pdfLib, doc) {
  const { PDFArray, PDFDict, PDFName, PDFRawStream, decodePDFRawStream } = pdfLib;
  const acroForm = doc.catalog.lookup(PDFName.of('AcroForm'));
  const xfa = acroForm instanceof PDFDict ? acroForm.lookup(PDFName.of('XFA')) : undefined;
  const parts =
    xfa instanceof PDFArray ? xfa.asArray().map((item) => doc.context.lookup(item)) : [xfa];
  return parts.some(
    (part) =>
      part instanceof PDFRawStream &&
      XFA_ACTIVE.test(Buffer.from(decodePDFRawStream(part).decode()).toString('latin1')),
  );
}

/**
 * Counts what pdf-lib's parser makes while it loads: every stream's decoded bytes (every filter,
 * Flate, LZW, RunLength, ASCII85 and ASCIIHex, chained or not, grows its output through
 * DecodeStream.ensureBuffer), stopping the process past `maxDecodedBytes`; every value parsed (a
 * number, a name, an empty array), stopping past `maxValues`, long before their objects fill the
 * heap; and each object number defined twice in one revision (between two trailers), which
 * `duplicates()` names once the load is done. An incremental update's new copy of an object is
 * in a later revision, and is no duplicate.
 */
function countWhileParsing(require, pdfLib, { maxDecodedBytes, maxValues }) {
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
  const { PDFContext, PDFObjectParser, PDFParser } = pdfLib;
  const parseObject = PDFObjectParser.prototype.parseObject;
  let values = 0;
  PDFObjectParser.prototype.parseObject = function () {
    values += 1;
    if (values > maxValues) process.exit(EXIT_TOO_LARGE);
    return parseObject.call(this);
  };
  // The parser reads a file as sections: objects, then a cross-reference table, a trailer.
  const parseSection = PDFParser.prototype.parseDocumentSection;
  let revision = 0;
  PDFParser.prototype.parseDocumentSection = function () {
    revision += 1;
    return parseSection.call(this);
  };
  const assign = PDFContext.prototype.assign;
  const revisionOf = new Map();
  const repeated = new Set();
  PDFContext.prototype.assign = function (ref, object) {
    // By number alone: `4 0 obj` and `4 1 obj` in one revision are one object to a reader.
    if (revisionOf.get(ref.objectNumber) === revision) repeated.add(ref.objectNumber);
    revisionOf.set(ref.objectNumber, revision);
    return assign.call(this, ref, object);
  };
  return { duplicates: () => [...repeated] };
}

/** Why a loaded document's objects may read otherwise elsewhere, in words, or null. */
function malformedObjects(pdfLib, doc, duplicates) {
  if (duplicates.length > 0) return `object ${duplicates[0]} is defined twice`;
  const invalid = doc.context
    .enumerateIndirectObjects()
    .find(([, object]) => object instanceof pdfLib.PDFInvalidObject);
  return invalid ? `object ${invalid[0].objectNumber} cannot be parsed` : null;
}

async function main() {
  const { maxDecodedBytes, maxValues, mode = 'record' } = JSON.parse(process.argv[2] ?? '{}');
  const require = createRequire(import.meta.url);
  const pdfLib = require('pdf-lib');
  const counting = countWhileParsing(require, pdfLib, { maxDecodedBytes, maxValues });
  useSpecNameDecoding(pdfLib.PDFName);
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') process.exit(EXIT_POLYGLOT);
  let doc;
  let duplicates;
  let isXfaActive = false;
  try {
    doc = await pdfLib.PDFDocument.load(bytes, { updateMetadata: false });
    duplicates = counting.duplicates();
    // Read before getForm(), which removes the XFA form from the document it reads.
    isXfaActive = mode === 'record' && hasActiveXfa(pdfLib, doc);
    doc.getForm().getFields();
  } catch {
    // Unreadable, or an XFA packet that cannot be decoded (so cannot be checked).
    process.exit(EXIT_UNREADABLE);
  }
  const malformed = malformedObjects(pdfLib, doc, duplicates);
  if (malformed) {
    process.stdout.write(malformed);
    process.exitCode = EXIT_MALFORMED;
    return;
  }
  // Every indirect object, those of object streams included; a direct one lives inside one.
  const objects = doc.context.enumerateIndirectObjects().map(([, object]) => object);
  // The context's own map keeps the parser's order (enumerateIndirectObjects sorts by number).
  const parsed = doc.context.indirectObjects.values();
  if (hasHtmlOutsideStreams(pdfLib, bytes, parsed)) process.exit(EXIT_POLYGLOT);
  let found = null;
  for (const object of objects) found ??= activeContentIn(pdfLib, object, mode);
  if (!found && isXfaActive) found = 'a script in its XFA form';
  if (found) {
    process.stdout.write(found);
    process.exitCode = EXIT_ACTIVE_CONTENT;
    return;
  }
  if (mode === 'template') makeInert(pdfLib, doc);
  else keepReachable(pdfLib, doc);
  process.stdout.write(await doc.save(REBUILT_SAVE_OPTIONS));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
