import Papa from 'papaparse';

/** A CSV file's rows as a spreadsheet reads them: the BOM dropped, CRLF or LF, no empty last line. */
export function parseCsv(text: string): string[][] {
  const { data, errors } = Papa.parse<string[]>(text, { skipEmptyLines: true });
  if (errors.length > 0) throw new Error(`not CSV: ${errors.map((e) => e.message).join('; ')}`);
  return data;
}
