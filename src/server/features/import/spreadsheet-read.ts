import { fileURLToPath } from 'node:url';
import { runBoundedChild, type ChildLimits } from '../../adapters/process/bounded-child';
import {
  EXIT_NO_SHEET,
  EXIT_NOT_TEXT,
  EXIT_TOO_LARGE,
  EXIT_TOO_MANY_COLUMNS,
  EXIT_TOO_MANY_ROWS,
  EXIT_UNREADABLE,
} from './spreadsheet-read.child.mjs';

const CHILD = fileURLToPath(new URL('./spreadsheet-read.child.mjs', import.meta.url));

export type SpreadsheetKind = 'csv' | 'xlsx';

export type SpreadsheetLimits = ChildLimits & {
  /** Counted as they come out. */
  maxUnpackedBytes: number;
  maxRows: number;
  /** A wider row is refused before any row is built. */
  maxColumns: number;
};

export type SpreadsheetRefusal =
  'unreadable' | 'too-large' | 'too-many-rows' | 'too-many-columns' | 'no-sheet' | 'not-text';

export type SpreadsheetRead =
  { ok: true; rows: unknown[][] } | { ok: false; reason: SpreadsheetRefusal };

const REASON_OF_EXIT: Record<number, SpreadsheetRefusal> = {
  [EXIT_UNREADABLE]: 'unreadable',
  [EXIT_TOO_LARGE]: 'too-large',
  [EXIT_TOO_MANY_ROWS]: 'too-many-rows',
  [EXIT_TOO_MANY_COLUMNS]: 'too-many-columns',
  [EXIT_NO_SHEET]: 'no-sheet',
  [EXIT_NOT_TEXT]: 'not-text',
};

/**
 * In a child process under memory and CPU limits: a zip bomb, a header of a million columns or a
 * sheet that asks for gigabytes costs the server neither memory nor its event loop, only a refusal.
 */
export async function readSpreadsheetRows(
  bytes: Buffer,
  kind: SpreadsheetKind,
  limits: SpreadsheetLimits,
): Promise<SpreadsheetRead> {
  const args = JSON.stringify({
    kind,
    maxUnpackedBytes: limits.maxUnpackedBytes,
    maxRows: limits.maxRows,
    maxColumns: limits.maxColumns,
  });
  const { code, isKilled, output } = await runBoundedChild(CHILD, args, bytes, limits);
  if (!isKilled && code === 0) return parseRows(output);
  const reason = !isKilled && code !== null ? REASON_OF_EXIT[code] : undefined;
  if (reason) return { ok: false, reason };
  // Killed at a CPU, time or output limit, or out of memory.
  return { ok: false, reason: 'too-large' };
}

function parseRows(json: Buffer): SpreadsheetRead {
  let rows: unknown;
  try {
    rows = JSON.parse(json.toString('utf8'), (_key, value: unknown) =>
      isDateMark(value) ? new Date(value.$date ?? Number.NaN) : value,
    );
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  // Text, or ExcelJS's own cell values, as plain data: `cellText` reads each as the outside input it is.
  if (!isRows(rows)) return { ok: false, reason: 'unreadable' };
  return { ok: true, rows };
}

const isRows = (value: unknown): value is unknown[][] =>
  Array.isArray(value) && value.every((row) => Array.isArray(row));

function isDateMark(value: unknown): value is { $date: number | null } {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.keys(value).length === 1 &&
    '$date' in value
  );
}
