import { type CellValue, cellText } from './table-model';

// Text a spreadsheet would run as a formula; such cells get a leading apostrophe (OWASP CSV
// injection advice). Numbers are left alone so negative coordinates stay numbers.
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: CellValue): string {
  let text = cellText(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(headers: string[], rows: CellValue[][]): string {
  return [headers, ...rows].map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Hands the CSV to the browser as a download. */
export function downloadCsv(fileName: string, csv: string): void {
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName.endsWith('.csv') ? fileName : `${fileName}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
