/*
 * Reads an uploaded spreadsheet, a CSV or the first sheet of an XLSX, in a process of its own
 * (spreadsheet-read.ts starts it under a memory and a CPU-time limit): the server's event loop
 * and memory never hold the parse, however the file is made.
 *
 * A CSV is decoded (decodeText), then every record's fields are counted without building any
 * (hasRecordWiderThan): a header of a million columns is refused before Papa parses a row.
 *
 * An XLSX is a zip, and a zip entry may declare 4 KB and inflate to a gigabyte: first every
 * entry is inflated once with its bytes counted (yauzl, which also refuses an entry that inflates
 * past its declared size), stopping at `maxUnpackedBytes`; only a file that passes is handed to
 * ExcelJS, whose own unzipping has no limit. A row is as wide as its last cell with a value.
 *
 * argv[2]: JSON { kind: 'csv' | 'xlsx', maxUnpackedBytes, maxRows, maxColumns }; stdin: the file.
 * stdout: JSON, the rows as arrays of cells (a CSV's as text; an XLSX's as ExcelJS values, a Date
 * as { "$date": milliseconds }), never wider than the widest row of the file. Exit 0 read;
 * 3 unreadable; 4 unpacks to more than maxUnpackedBytes; 5 more than maxRows rows (the header
 * included); 6 no sheet; 7 a row of more than maxColumns columns; 8 not text (a CSV with a NUL).
 */
import { pathToFileURL } from 'node:url';

export const EXIT_UNREADABLE = 3;
export const EXIT_TOO_LARGE = 4;
export const EXIT_TOO_MANY_ROWS = 5;
export const EXIT_NO_SHEET = 6;
export const EXIT_TOO_MANY_COLUMNS = 7;
export const EXIT_NOT_TEXT = 8;

/** How much of a CSV Papa guesses the delimiter from (it reads 10 rows): not a whole huge row. */
const DELIMITER_SAMPLE_CHARS = 64 * 1024;

/** Thrown when the entries inflate past the limit (told apart from a zip that is broken). */
class TooLarge extends Error {}

/**
 * Inflates every entry of the zip once, counting the bytes that really come out; throws
 * TooLarge as soon as they pass `maxBytes` (the inflating stops there), any other error for a
 * zip that cannot be read. Resolves with the bytes counted.
 */
export async function countUnpackedBytes(bytes, maxBytes) {
  const { default: yauzl } = await import('yauzl');
  const zip = await yauzl.fromBufferPromise(bytes, {
    lazyEntries: true,
    autoClose: false,
    validateEntrySizes: true,
  });
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      const stream = await zip.openReadStreamPromise(entry);
      for await (const chunk of stream) {
        total += chunk.length;
        if (total > maxBytes) {
          stream.destroy();
          throw new TooLarge();
        }
      }
    }
  } finally {
    zip.close();
  }
  return total;
}

/** What Windows-1252 puts at 0x80–0x9F (Latin-1 has control characters there). */
const WINDOWS_1252_HIGH = [...'€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ'];

/** The file's text: a byte-order mark decides; else UTF-8 if it is valid UTF-8; else Windows-1252. */
export function decodeText(bytes) {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Node's decoder without full ICU reads 'windows-1252' as Latin-1: 0x80–0x9F mapped here.
    return Buffer.from(bytes)
      .toString('latin1')
      .replace(/[\u0080-\u009F]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80] ?? char);
  }
}

const isLineBreak = (char) => char === '\n' || char === '\r';

/**
 * Whether a record of the CSV text has more than `maxFields` fields, counted as Papa splits
 * them (a field that opens with a quote runs to the quote that closes it, a doubled quote
 * inside being text) without building a field. Any line break ends a record: a count never
 * higher than Papa's for a file Papa reads without a quote error, so the rows Papa builds are
 * checked again (parseCsv).
 */
export function hasRecordWiderThan(text, delimiter, maxFields) {
  const length = text.length;
  let fields = 1;
  let index = 0;
  while (index < length) {
    // A field starts here.
    if (text[index] === '"') {
      let quote = text.indexOf('"', index + 1);
      for (;;) {
        // Unterminated: Papa reports it and the file is refused as unreadable.
        if (quote === -1) return false;
        if (text[quote + 1] === '"') {
          quote = text.indexOf('"', quote + 2);
          continue;
        }
        // Papa allows spaces between the closing quote and what follows it.
        let after = quote + 1;
        while (text[after] === ' ') after += 1;
        if (after >= length || text[after] === delimiter || isLineBreak(text[after])) {
          index = after;
          break;
        }
        // A stray quote inside the field (Papa reports it): the field goes on.
        quote = text.indexOf('"', quote + 1);
      }
    }
    while (index < length) {
      const char = text[index];
      index += 1;
      if (char === delimiter) {
        fields += 1;
        if (fields > maxFields) return true;
        break;
      }
      if (isLineBreak(char)) {
        fields = 1;
        break;
      }
    }
  }
  return false;
}

/** The CSV's rows as text (blank lines skipped), or the exit code that refuses it. */
async function parseCsv(bytes, { maxRows, maxColumns }) {
  const text = decodeText(bytes);
  // A NUL is never in text (UTF-16 was decoded above): the file is a binary.
  if (text.includes('\u0000')) return { exit: EXIT_NOT_TEXT };
  const { default: Papa } = await import('papaparse');
  // Papa's guess (from 10 rows), with the options of the parse itself: blank lines skipped.
  const options = { skipEmptyLines: 'greedy' };
  const sample = Papa.parse(text.slice(0, DELIMITER_SAMPLE_CHARS), { ...options, preview: 10 });
  const delimiter = sample.meta.delimiter || ',';
  if (hasRecordWiderThan(text, delimiter, maxColumns)) return { exit: EXIT_TOO_MANY_COLUMNS };
  // One row past the limit tells that there are too many.
  const result = Papa.parse(text, { ...options, delimiter, preview: maxRows + 1 });
  if (result.errors.some((error) => error.type === 'Quotes')) return { exit: EXIT_UNREADABLE };
  if (result.data.some((row) => row.length > maxColumns)) return { exit: EXIT_TOO_MANY_COLUMNS };
  if (result.data.length > maxRows) return { exit: EXIT_TOO_MANY_ROWS };
  return { rows: result.data };
}

/** The first sheet's rows of ExcelJS values, or the exit code that refuses it. */
async function parseXlsx(bytes, { maxUnpackedBytes, maxRows, maxColumns }) {
  try {
    await countUnpackedBytes(bytes, maxUnpackedBytes);
  } catch (error) {
    return { exit: error instanceof TooLarge ? EXIT_TOO_LARGE : EXIT_UNREADABLE };
  }
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(bytes);
  } catch {
    return { exit: EXIT_UNREADABLE };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { exit: EXIT_NO_SHEET };
  if (sheet.actualRowCount > maxRows) return { exit: EXIT_TOO_MANY_ROWS };
  // The cells with a value, by row, each row as wide as its last one: none is built past it.
  const valued = [];
  let widest = 0;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      cells.push([column, cell.value]);
      widest = Math.max(widest, column);
    });
    valued.push(cells);
  });
  if (widest > maxColumns) return { exit: EXIT_TOO_MANY_COLUMNS };
  const rows = valued.map((cells) => {
    const row = Array.from({ length: cells.at(-1)?.[0] ?? 0 }, () => null);
    for (const [column, value] of cells) row[column - 1] = value ?? null;
    return row;
  });
  return { rows };
}

/** JSON of the rows, a Date (nested in a formula's result too) as { $date }. */
function rowsJson(rows) {
  return JSON.stringify(rows, function (key, value) {
    const raw = this[key];
    return raw instanceof Date ? { $date: raw.getTime() } : value;
  });
}

async function main() {
  const limits = JSON.parse(process.argv[2] ?? '{}');
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  const read =
    limits.kind === 'xlsx' ? await parseXlsx(bytes, limits) : await parseCsv(bytes, limits);
  if (read.exit !== undefined) process.exit(read.exit);
  process.stdout.end(rowsJson(read.rows));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
