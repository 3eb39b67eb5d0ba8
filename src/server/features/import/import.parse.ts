import Papa from 'papaparse';
import { AppError } from '../../../shared/errors';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
} from '../../../shared/import/import.schema';
import { EXPERIENCE_NOTE_MAX_LENGTH } from '../../../shared/logs/log-messages';
import { formatTime } from '../../../shared/logs/time';
import { readXlsxRows, type XlsxLimits } from './xlsx-read';

/*
 * Reading an uploaded spreadsheet into text cells: a CSV (UTF-8, UTF-16 with its mark, or the
 * Windows-1252 Excel writes on Windows) or the first sheet of an XLSX workbook. Nothing in a file
 * is ever evaluated: an XLSX formula gives the value Excel saved with it, and text that looks like
 * a formula stays text. Every cell is trimmed and cut to one character past the longest note, so
 * a huge cell costs nothing and still breaks the note's own length rule.
 */

/** A spreadsheet read: its header row and the rows under it, as text. */
export type Sheet = { headers: string[]; rows: string[][] };

/** The most characters a cell keeps (one past the note's limit, so that rule still reports). */
const CELL_MAX_LENGTH = EXPERIENCE_NOTE_MAX_LENGTH + 1;
/** An XLSX is a zip: refuse one that would unpack to more than this (a "zip bomb"). */
const XLSX_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Reads the file as CSV or XLSX (by its first bytes, not its name). */
export async function readSpreadsheet(bytes: Buffer): Promise<Sheet> {
  const cells = bytes.subarray(0, 4).equals(ZIP_MAGIC) ? await readXlsx(bytes) : readCsv(bytes);
  const [header, ...rest] = cells;
  const headers = (header ?? []).map(cleanCell);
  if (headers.every((name) => name === '')) throw AppError.field('file', IMPORT_MESSAGES.noHeader);
  const rows = rest
    .map((row) => headers.map((_, index) => cleanCell(row[index] ?? '')))
    .filter((row) => row.some((cell) => cell !== ''));
  if (rows.length === 0) throw AppError.field('file', IMPORT_MESSAGES.noRows);
  if (rows.length > IMPORT_MAX_ROWS) throw AppError.field('file', IMPORT_MESSAGES.tooManyRows);
  return { headers, rows };
}

/** Trimmed, without control characters (the database refuses some), at most CELL_MAX_LENGTH. */
function cleanCell(value: string): string {
  // eslint-disable-next-line no-control-regex
  const text = value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').trim();
  // A lone surrogate cannot be stored either (it only comes from a broken file).
  const wellFormed = text.replace(LONE_SURROGATE, '\uFFFD');
  return wellFormed.length > CELL_MAX_LENGTH ? wellFormed.slice(0, CELL_MAX_LENGTH) : wellFormed;
}

/** The file's text: a byte-order mark decides; else UTF-8 if it is valid UTF-8; else Windows-1252. */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Node's decoder without full ICU reads 'windows-1252' as Latin-1: 0x80–0x9F mapped here.
    return [...bytes]
      .map((byte) => WINDOWS_1252_HIGH[byte - 0x80] ?? String.fromCharCode(byte))
      .join('');
  }
}

/** What Windows-1252 puts at 0x80–0x9F (Latin-1 has control characters there). */
const WINDOWS_1252_HIGH: readonly (string | undefined)[] = [
  ...'€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ',
];

function readCsv(bytes: Buffer): string[][] {
  const text = decodeText(bytes);
  // A NUL is never in text (UTF-16 was decoded above): the file is a binary.
  if (text.includes('\u0000')) throw AppError.field('file', IMPORT_MESSAGES.notSpreadsheet);
  // A cap on rows read, so a file of a million blank-ish lines stops early (+2: header, one over).
  const result = Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    preview: IMPORT_MAX_ROWS + 2,
  });
  const fatal = result.errors.find((error) => error.type === 'Quotes');
  if (fatal) throw AppError.field('file', IMPORT_MESSAGES.unreadable);
  return result.data;
}

/**
 * The unpacked size a zip's central directory declares for all its entries, or null when the
 * directory cannot be found (then the zip is not read at all).
 */
export function unpackedZipBytes(bytes: Buffer): number | null {
  const END_SIGNATURE = 0x06054b50;
  const ENTRY_SIGNATURE = 0x02014b50;
  const searchFrom = Math.max(0, bytes.length - 22 - 0xffff);
  for (let end = bytes.length - 22; end >= searchFrom; end -= 1) {
    if (bytes.readUInt32LE(end) !== END_SIGNATURE) continue;
    const entries = bytes.readUInt16LE(end + 10);
    let offset = bytes.readUInt32LE(end + 16);
    let total = 0;
    for (let index = 0; index < entries; index += 1) {
      if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== ENTRY_SIGNATURE) return null;
      total += bytes.readUInt32LE(offset + 24);
      offset +=
        46 +
        bytes.readUInt16LE(offset + 28) +
        bytes.readUInt16LE(offset + 30) +
        bytes.readUInt16LE(offset + 32);
    }
    return total;
  }
  return null;
}

/**
 * What reading an XLSX may cost. A 10,000-row sheet unpacks to a few MB and ExcelJS reads it in
 * well under 200 MB; the zip bomb of issue 27 (1 MB declaring 4 KB, inflating to 1 GiB) stops
 * at the count, and anything else past these limits is refused as too large.
 */
export const XLSX_LIMITS: XlsxLimits = {
  maxUnpackedBytes: XLSX_MAX_UNPACKED_BYTES,
  maxRows: IMPORT_MAX_ROWS + 1,
  heapMb: 384,
  addressSpaceMb: 2048,
  cpuSeconds: 10,
  timeoutMs: 120_000,
  // Twice the largest CSV: a sheet's text as JSON, with room for its quoting.
  maxOutputBytes: 2 * IMPORT_MAX_BYTES,
};

const XLSX_REFUSALS = {
  unreadable: IMPORT_MESSAGES.unreadable,
  'too-large': IMPORT_MESSAGES.tooLarge,
  'too-many-rows': IMPORT_MESSAGES.tooManyRows,
  'no-sheet': IMPORT_MESSAGES.noRows,
} as const;

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  // The directory's word, checked first because it is free; the child counts what really inflates.
  const unpacked = unpackedZipBytes(bytes);
  if (unpacked === null) throw AppError.field('file', IMPORT_MESSAGES.unreadable);
  if (unpacked > XLSX_MAX_UNPACKED_BYTES) throw AppError.field('file', IMPORT_MESSAGES.tooLarge);
  const read = await readXlsxRows(bytes, XLSX_LIMITS);
  if (!read.ok) throw AppError.field('file', XLSX_REFUSALS[read.reason]);
  return read.rows.map((row) => row.map(cellText));
}

/** An XLSX cell (ExcelJS's value, as the child sent it) as text: a formula's saved result, a date as YYYY-MM-DD and/or HH:mm. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value !== 'object') return '';
  if ('richText' in value && Array.isArray(value.richText)) {
    return value.richText.map((part: unknown) => textOf(part)).join('');
  }
  if ('hyperlink' in value) return 'text' in value ? cellText(value.text) : '';
  if ('formula' in value || 'sharedFormula' in value) {
    const result = 'result' in value ? value.result : undefined;
    if (typeof result === 'object' && result !== null && 'error' in result) return '';
    return cellText(result);
  }
  return '';
}

/** A rich-text run's text. */
const textOf = (part: unknown): string =>
  typeof part === 'object' && part !== null && 'text' in part && typeof part.text === 'string'
    ? part.text
    : '';

/**
 * Excel keeps dates and times as day numbers, which ExcelJS reads as UTC instants: a time alone
 * falls on 1899-12-30, a date alone at midnight.
 */
function dateText(value: Date): string {
  if (Number.isNaN(value.getTime())) return '';
  const minutes =
    value.getUTCHours() * 60 + value.getUTCMinutes() + (value.getUTCSeconds() >= 30 ? 1 : 0);
  const day = value.toISOString().slice(0, 10);
  if (day <= '1900-01-01') return formatTime(minutes % 1440);
  return minutes === 0 ? day : `${day} ${formatTime(minutes % 1440)}`;
}
