import { saveBlob } from '../save-blob';

export { toCsv } from '../../../domain/csv';

/** Hands the CSV to the browser as a download. */
export function downloadCsv(fileName: string, csv: string): void {
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  saveBlob(fileName.endsWith('.csv') ? fileName : `${fileName}.csv`, blob);
}
