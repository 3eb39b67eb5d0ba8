import Papa from 'papaparse';

// CSV that opens correctly in Excel and LibreOffice: RFC 4180 quoting, CRLF, a UTF-8 BOM, and
// formulas neutralised. Written by Papa Parse, which the import reads with too.

/** Written once at the start of the file so Excel reads UTF-8. */
export const CSV_BOM = '\uFEFF';

/** One CRLF-terminated line; text starting = + - @ (or tab, CR) gets a ' prefix; null is empty. */
export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  const cells = values.map((value) => value ?? '');
  return `${Papa.unparse([cells], { newline: '\r\n', escapeFormulae: true })}\r\n`;
}
