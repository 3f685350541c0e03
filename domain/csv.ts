/** A cell of a CSV file: text, a number, or empty. */
export type CsvValue = string | number | null | undefined;

// Text a spreadsheet would run as a formula; such cells get a leading apostrophe (OWASP CSV
// injection advice). Numbers are left alone so negative coordinates stay numbers.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as RFC 4180 writes it, quoted when it must be, formula-looking text defused. */
export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 text with CRLF line ends, shared by the SPA's table exports and the server's. */
export function toCsv(headers: string[], rows: CsvValue[][]): string {
  return [headers, ...rows].map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
