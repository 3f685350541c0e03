// One channel of a data logger's CSV export, for the fatigue command. Loggers write the unit into
// the header in several ways (`DMS_CN (um/m)`, `DMS_CN (um\m)`, `DMS_AS [um/m]`, `S1 in MPa`), so
// a column is found by its name with the unit set aside. A cell that is empty, missing (a short
// row) or not a number is a gap (NaN), never a zero: a zero would be a false reversal.
import { InputError, splitLine } from '../csv-table.ts';
import { splitHeader } from '../logger-header.ts';

export type StrainUnit = 'microstrain' | 'MPa';

export interface LoggerColumn {
  /** The header cell as written. */
  header: string;
  /** The unit the header names, when it is one the command knows. */
  headerUnit: StrainUnit | null;
  /** The unit text of the header, as written ('' without one). */
  headerUnitText: string;
  /** One value per data row; NaN where the cell was missing or not a number. */
  samples: Float64Array;
  /** Rows whose cell was missing or not a number. */
  gaps: number;
}

export function unitOf(text: string): StrainUnit | null {
  const unit = text.toLowerCase().replace(/\s+/g, '');
  if (/^(u|µ|μ)m[/\\]m$|^(u|µ|μ)(e|ε|strain)$|^microstrain$|^1e-6$|^ppm$/.test(unit)) {
    return 'microstrain';
  }
  if (/^(mpa|n\/mm2|n\/mm²)$/.test(unit)) return 'MPa';
  return null;
}

function delimiterOf(header: string): string {
  for (const delimiter of [',', ';', '\t']) if (header.includes(delimiter)) return delimiter;
  return ',';
}

function findColumn(headers: string[], wanted: string): number {
  const exact = headers.findIndex((cell) => cell === wanted);
  if (exact >= 0) return exact;
  const matches = (compare: (a: string, b: string) => boolean) =>
    headers.flatMap((cell, index) => (compare(splitHeader(cell).name, wanted) ? [index] : []));
  let found = matches((a, b) => a === b);
  if (found.length === 0) found = matches((a, b) => a.toLowerCase() === b.toLowerCase());
  if (found.length === 1) return found[0] as number;
  const listed = headers.map((cell) => `'${cell}'`).join(', ');
  if (found.length > 1) {
    throw new InputError(`--column '${wanted}' matches more than one column: ${listed}`);
  }
  throw new InputError(`No column '${wanted}' in the CSV header; the columns are ${listed}`);
}

/** Reads the column named `column` (with or without its unit) from a logger CSV's text. */
export function readLoggerColumn(text: string, column: string): LoggerColumn {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length > 0 && (lines[lines.length - 1] as string).trim() === '') lines.pop();
  if (lines.length === 0) throw new InputError('The CSV file is empty');
  const headerLine = lines[0] as string;
  const delimiter = delimiterOf(headerLine);
  const headers = splitLine(headerLine, delimiter);
  const index = findColumn(headers, column);
  const header = headers[index] as string;
  const unitText = splitHeader(header).unit;
  const samples = new Float64Array(lines.length - 1);
  let gaps = 0;
  for (let row = 1; row < lines.length; row += 1) {
    const line = lines[row] as string;
    // Quoted cells are rare in logger exports: a plain split is several times faster.
    const cells = line.includes('"') ? splitLine(line, delimiter) : line.split(delimiter);
    let cell = (cells[index] ?? '').trim();
    // A decimal comma, where the comma is not the delimiter.
    if (delimiter !== ',' && /^[-+]?\d+,\d+$/.test(cell)) cell = cell.replace(',', '.');
    const value = cell === '' ? NaN : Number(cell);
    if (Number.isFinite(value)) samples[row - 1] = value;
    else {
      samples[row - 1] = NaN;
      gaps += 1;
    }
  }
  return { header, headerUnit: unitOf(unitText), headerUnitText: unitText, samples, gaps };
}
