import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFStream,
  type PDFObject,
} from 'pdf-lib';

/*
 * Reads back the text a PDF shows, without an external tool: the page's content streams and
 * the form XObjects they draw (a flattened form's fields live there), decoded through each
 * font's ToUnicode map. Enough for the PDFs we write (pdf-lib's Identity-H fonts and simple
 * fonts), so tests and verification can read what a person would see; not a general extractor.
 */

type Token =
  | { kind: 'string'; bytes: number[] }
  | { kind: 'array'; items: Token[] }
  | { kind: 'name'; value: string }
  | { kind: 'other'; value: string }
  | { kind: 'operator'; value: string };

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };

/** Splits a content stream into operands and operators (strings decoded to bytes). */
function tokenize(data: Uint8Array): Token[] {
  let at = 0;
  const isRegular = (byte: number) => !WHITESPACE.has(byte) && !DELIMITERS.has(byte);
  const readWord = () => {
    const start = at;
    while (at < data.length && isRegular(data[at] ?? 0)) at += 1;
    return String.fromCharCode(...data.subarray(start, at));
  };
  const readLiteral = (): Token => {
    const bytes: number[] = [];
    let depth = 1;
    at += 1;
    while (at < data.length) {
      const byte = data[at++] ?? 0;
      if (byte === 0x5c) {
        const next = data[at++] ?? 0;
        const char = String.fromCharCode(next);
        if (char in ESCAPES) bytes.push(ESCAPES[char] ?? 0);
        else if (next >= 0x30 && next <= 0x37) {
          let octal = char;
          while (octal.length < 3 && (data[at] ?? 0) >= 0x30 && (data[at] ?? 0) <= 0x37) {
            octal += String.fromCharCode(data[at++] ?? 0);
          }
          bytes.push(parseInt(octal, 8) & 0xff);
        } else if (next !== 0x0a && next !== 0x0d) bytes.push(next);
      } else if (byte === 0x28) {
        depth += 1;
        bytes.push(byte);
      } else if (byte === 0x29) {
        depth -= 1;
        if (depth === 0) break;
        bytes.push(byte);
      } else bytes.push(byte);
    }
    return { kind: 'string', bytes };
  };
  const readHex = (): Token => {
    const end = data.indexOf(0x3e, at);
    const hex = String.fromCharCode(...data.subarray(at + 1, end)).replace(/\s+/g, '');
    at = end + 1;
    const padded = hex.length % 2 === 0 ? hex : `${hex}0`;
    const bytes: number[] = [];
    for (let i = 0; i < padded.length; i += 2) bytes.push(parseInt(padded.slice(i, i + 2), 16));
    return { kind: 'string', bytes };
  };

  const stack: Token[][] = [[]];
  const push = (token: Token) => stack[stack.length - 1]?.push(token);
  while (at < data.length) {
    const byte = data[at] ?? 0;
    if (WHITESPACE.has(byte)) at += 1;
    else if (byte === 0x25)
      while (at < data.length && data[at] !== 0x0a && data[at] !== 0x0d) at += 1;
    else if (byte === 0x28) push(readLiteral());
    else if (byte === 0x3c && data[at + 1] === 0x3c) {
      at += 2;
      push({ kind: 'other', value: '<<' });
    } else if (byte === 0x3e && data[at + 1] === 0x3e) {
      at += 2;
      push({ kind: 'other', value: '>>' });
    } else if (byte === 0x3c) push(readHex());
    else if (byte === 0x5b) {
      at += 1;
      stack.push([]);
    } else if (byte === 0x5d) {
      at += 1;
      const items = stack.length > 1 ? (stack.pop() ?? []) : [];
      push({ kind: 'array', items });
    } else if (byte === 0x2f) {
      at += 1;
      push({ kind: 'name', value: readWord() });
    } else if (DELIMITERS.has(byte)) at += 1;
    else {
      const word = readWord();
      const isOperand =
        /^[+-]?(\d+\.?\d*|\.\d+)$/.test(word) || ['true', 'false', 'null'].includes(word);
      push({ kind: isOperand ? 'other' : 'operator', value: word });
    }
  }
  return stack[0] ?? [];
}

type Decoder = (bytes: number[]) => string;

/** Big-endian UTF-16 code units to text. */
const fromUtf16 = (hex: string) => {
  const units: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
};

/** A font's decoder: its ToUnicode map (bfchar and bfrange), else the bytes as Latin-1. */
function decoderOf(font: PDFDict | undefined): Decoder {
  const isComposite = font?.lookup(PDFName.of('Subtype')) === PDFName.of('Type0');
  const toUnicode = font?.lookup(PDFName.of('ToUnicode'));
  const width = isComposite ? 2 : 1;
  const map = new Map<number, string>();
  if (toUnicode instanceof PDFRawStream) {
    const cmap = new TextDecoder('latin1').decode(decodePDFRawStream(toUnicode).decode());
    for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const [, code, text] of (block[1] ?? '').matchAll(
        /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g,
      )) {
        map.set(parseInt(code ?? '0', 16), fromUtf16(text ?? ''));
      }
    }
    for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      const ranges = (block[1] ?? '').matchAll(
        /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g,
      );
      for (const [, low, high, first] of ranges) {
        const start = parseInt(first ?? '0', 16);
        for (let code = parseInt(low ?? '0', 16); code <= parseInt(high ?? '0', 16); code += 1) {
          map.set(code, String.fromCharCode(start + code - parseInt(low ?? '0', 16)));
        }
      }
    }
  }
  return (bytes) => {
    let text = '';
    for (let i = 0; i + width <= bytes.length; i += width) {
      const code = width === 2 ? ((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0) : (bytes[i] ?? 0);
      text += map.get(code) ?? (isComposite ? '' : String.fromCharCode(code));
    }
    return text;
  };
}

const asDict = (value: PDFObject | undefined) => (value instanceof PDFDict ? value : undefined);

function streamBytes(stream: PDFObject | undefined): Uint8Array {
  if (stream instanceof PDFRawStream) return decodePDFRawStream(stream).decode();
  if (stream instanceof PDFStream) return stream.getContents();
  return new Uint8Array();
}

/** The text runs of one content stream, following form XObjects it draws. */
function runsOf(
  doc: PDFDocument,
  data: Uint8Array,
  resources: PDFDict | undefined,
  depth = 0,
): string[] {
  const runs: string[] = [];
  const fonts = asDict(resources?.lookup(PDFName.of('Font')));
  const xObjects = asDict(resources?.lookup(PDFName.of('XObject')));
  let decode: Decoder = decoderOf(undefined);
  const operands: Token[] = [];
  for (const token of tokenize(data)) {
    if (token.kind !== 'operator') {
      operands.push(token);
      continue;
    }
    const last = operands[operands.length - 1];
    if (token.value === 'Tf') {
      const name = operands[operands.length - 2];
      if (name?.kind === 'name') decode = decoderOf(asDict(fonts?.lookup(PDFName.of(name.value))));
    } else if (['Tj', "'", '"'].includes(token.value) && last?.kind === 'string') {
      runs.push(decode(last.bytes));
    } else if (token.value === 'TJ' && last?.kind === 'array') {
      runs.push(
        last.items.map((item) => (item.kind === 'string' ? decode(item.bytes) : '')).join(''),
      );
    } else if (token.value === 'Do' && last?.kind === 'name' && depth < 10) {
      const object = xObjects?.lookup(PDFName.of(last.value));
      if (
        object instanceof PDFStream &&
        object.dict.get(PDFName.of('Subtype')) === PDFName.of('Form')
      ) {
        const own = asDict(object.dict.lookup(PDFName.of('Resources'))) ?? resources;
        runs.push(...runsOf(doc, streamBytes(object), own, depth + 1));
      }
    }
    operands.length = 0;
  }
  return runs;
}

/** The text runs each page shows (one string per text-showing operator), page by page. */
export async function readPdfText(bytes: Uint8Array): Promise<string[][]> {
  return readDocumentText(await PDFDocument.load(bytes, { updateMetadata: false }));
}

/** The text runs of each page of a loaded document (`pages`: the first ones only). */
export function readDocumentText(doc: PDFDocument, pages?: number): string[][] {
  return doc
    .getPages()
    .slice(0, pages)
    .map((page) => {
      const contents = page.node.Contents();
      const streams =
        contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
      const data = streams.map((item) =>
        streamBytes(item instanceof PDFRef ? doc.context.lookup(item) : item),
      );
      const joined = new Uint8Array(data.reduce((sum, part) => sum + part.length + 1, 0));
      let offset = 0;
      for (const part of data) {
        joined.set(part, offset);
        joined[offset + part.length] = 0x0a; // streams of one page are one sequence of operators
        offset += part.length + 1;
      }
      return runsOf(doc, joined, page.node.Resources());
    });
}
