import Papa from 'papaparse';

/**
 * CSV that opens correctly in Excel and LibreOffice: RFC 4180 quoting, CRLF line ends, a UTF-8
 * byte-order mark, and formulas neutralised so that a cell cannot run as a formula. Written by
 * Papa Parse, which the import reads with too.
 */

/** Written once at the start of the file so Excel reads UTF-8. */
export const CSV_BOM = '\uFEFF';

/**
 * One record line, CRLF-terminated. Text starting with = + - @ (or tab, CR) gets a ' prefix and
 * quotes; numbers are data, not formulas (a negative number stays a number); null is empty.
 */
export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  const cells = values.map((value) => value ?? '');
  return `${Papa.unparse([cells], { newline: '\r\n', escapeFormulae: true })}\r\n`;
}
