/*
 * Reads the first sheet of an uploaded XLSX, in a process of its own (xlsx-read.ts starts it
 * under a memory and a time limit): an XLSX is a zip, and a zip entry may declare 4 KB and
 * inflate to a gigabyte. First every entry is inflated once with its bytes counted (yauzl, which
 * also refuses an entry that inflates past its declared size), stopping at `maxUnpackedBytes`;
 * only a file that passes is handed to ExcelJS, whose own unzipping has no limit. Whatever else
 * a file asks of ExcelJS is bounded by the process's limits.
 *
 * argv[2]: JSON { maxUnpackedBytes, maxRows }; stdin: the file. stdout: JSON, the sheet's rows
 * as arrays of ExcelJS cell values (a Date as { "$date": milliseconds }). Exit 0 read;
 * 3 unreadable; 4 unpacks to more than maxUnpackedBytes; 5 more than maxRows rows; 6 no sheet.
 */
import { pathToFileURL } from 'node:url';

export const EXIT_UNREADABLE = 3;
export const EXIT_TOO_LARGE = 4;
export const EXIT_TOO_MANY_ROWS = 5;
export const EXIT_NO_SHEET = 6;

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

/** JSON of the rows, a Date (nested in a formula's result too) as { $date }. */
function rowsJson(rows) {
  return JSON.stringify(rows, function (key, value) {
    const raw = this[key];
    return raw instanceof Date ? { $date: raw.getTime() } : value;
  });
}

async function main() {
  const { maxUnpackedBytes, maxRows } = JSON.parse(process.argv[2] ?? '{}');
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  try {
    await countUnpackedBytes(bytes, maxUnpackedBytes);
  } catch (error) {
    process.exit(error instanceof TooLarge ? EXIT_TOO_LARGE : EXIT_UNREADABLE);
  }
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(bytes);
  } catch {
    process.exit(EXIT_UNREADABLE);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) process.exit(EXIT_NO_SHEET);
  if (sheet.actualRowCount > maxRows) process.exit(EXIT_TOO_MANY_ROWS);
  const rows = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cell.value ?? null;
    });
    rows.push(Array.from(cells, (cell) => cell ?? null));
  });
  process.stdout.end(rowsJson(rows));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
