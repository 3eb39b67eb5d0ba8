import { AppError } from '../../../shared/errors';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
} from '../../../shared/import/import.schema';
import { EXPERIENCE_NOTE_MAX_LENGTH } from '../../../shared/logs/log-messages';
import { formatTime } from '../../../shared/logs/time';
import {
  readSpreadsheetRows,
  type SpreadsheetLimits,
  type SpreadsheetRefusal,
} from './spreadsheet-read';

/*
 * Nothing in a file is ever evaluated: an XLSX formula gives the value Excel saved with it, and
 * text that looks like a formula stays text. A row is never padded to the header's width, so the
 * work is the file's own cells.
 */

export type Sheet = { headers: string[]; rows: string[][] };

/** The most characters a cell keeps (one past the note's limit, so that rule still reports). */
const CELL_MAX_LENGTH = EXPERIENCE_NOTE_MAX_LENGTH + 1;
/** Against a zip bomb. */
const XLSX_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** By its first bytes, not its name. */
export async function readSpreadsheet(bytes: Buffer): Promise<Sheet> {
  const cells = await readCells(bytes);
  const [header, ...rest] = cells;
  const headers = (header ?? []).map(cleanCell);
  if (headers.every((name) => name === '')) throw AppError.field('file', IMPORT_MESSAGES.noHeader);
  const rows = rest
    .map((row) => row.slice(0, headers.length).map(cleanCell))
    .filter((row) => row.some((cell) => cell !== ''));
  if (rows.length === 0) throw AppError.field('file', IMPORT_MESSAGES.noRows);
  if (rows.length > IMPORT_MAX_ROWS) throw AppError.field('file', IMPORT_MESSAGES.tooManyRows);
  return { headers, rows };
}

/** Without control characters: the database refuses some. */
function cleanCell(value: string): string {
  // eslint-disable-next-line no-control-regex
  const text = value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').trim();
  // A lone surrogate cannot be stored either (it only comes from a broken file).
  const wellFormed = text.replace(LONE_SURROGATE, '\uFFFD');
  return wellFormed.length > CELL_MAX_LENGTH ? wellFormed.slice(0, CELL_MAX_LENGTH) : wellFormed;
}

/** Null when the central directory cannot be found (then the zip is not read at all). */
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
 * A 10,000-row sheet unpacks to a few MB and ExcelJS reads it in well under 200 MB; the zip bomb
 * of issue 27 stops at the count, a header of a million columns (issue 36) at the column count.
 */
export const SPREADSHEET_LIMITS: SpreadsheetLimits = {
  maxUnpackedBytes: XLSX_MAX_UNPACKED_BYTES,
  maxRows: IMPORT_MAX_ROWS + 1,
  maxColumns: IMPORT_MAX_COLUMNS,
  heapMb: 384,
  addressSpaceMb: 2048,
  cpuSeconds: 10,
  timeoutMs: 120_000,
  // Room for JSON quoting and Windows-1252 letters that take two bytes in UTF-8.
  maxOutputBytes: 3 * IMPORT_MAX_BYTES,
};

const REFUSALS: Record<SpreadsheetRefusal, string> = {
  unreadable: IMPORT_MESSAGES.unreadable,
  'too-large': IMPORT_MESSAGES.tooLarge,
  'too-many-rows': IMPORT_MESSAGES.tooManyRows,
  'too-many-columns': IMPORT_MESSAGES.tooManyColumns,
  'no-sheet': IMPORT_MESSAGES.noRows,
  'not-text': IMPORT_MESSAGES.notSpreadsheet,
};

async function readCells(bytes: Buffer): Promise<string[][]> {
  const isXlsx = bytes.subarray(0, 4).equals(ZIP_MAGIC);
  if (isXlsx) {
    // The directory's word, checked first because it is free; the child counts what really inflates.
    const unpacked = unpackedZipBytes(bytes);
    if (unpacked === null) throw AppError.field('file', IMPORT_MESSAGES.unreadable);
    if (unpacked > XLSX_MAX_UNPACKED_BYTES) throw AppError.field('file', IMPORT_MESSAGES.tooLarge);
  }
  const read = await readSpreadsheetRows(bytes, isXlsx ? 'xlsx' : 'csv', SPREADSHEET_LIMITS);
  if (!read.ok) throw AppError.field('file', REFUSALS[read.reason]);
  return read.rows.map((row) => row.map(cellText));
}

/** A formula's saved result; a date as YYYY-MM-DD and/or HH:mm. */
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
