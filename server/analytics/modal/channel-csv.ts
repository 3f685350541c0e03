import { InputError, splitLine } from '../csv-table.ts';

/** Channels of a logger CSV, one column each; NaN marks an empty cell (a gap). */
export interface ChannelColumns {
  names: string[];
  values: Float64Array[];
}

/** A first column named time or index (with or without a unit, e.g. "Time (-)") is not a channel. */
function isTimeOrIndexName(name: string): boolean {
  return /^(time|index)\b/i.test(name.trim());
}

/** A channel named on the command line matches its header exactly or without its unit ("ACC01_z" for "ACC01_z [g]"). */
function matchesChannel(header: string, wanted: string): boolean {
  return header === wanted || header.replace(/\s*[[(].*$/, '') === wanted;
}

/**
 * Parses the modal command's CSV: a header, one column per channel, an optional first time or
 * index column (ignored). Only the selected channels are parsed; a cell that is neither empty nor
 * a number is an error naming its line and column.
 */
export function parseChannelColumns(text: string, selected?: readonly string[]): ChannelColumns {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length > 0 && (lines[lines.length - 1] ?? '').trim() === '') lines.pop();
  const headerLine = lines[0];
  if (headerLine === undefined) throw new InputError('The CSV file is empty');
  const header = splitLine(headerLine);
  const first = isTimeOrIndexName(header[0] ?? '') ? 1 : 0;
  const available = header.slice(first).map((name, i) => ({ name, column: i + first }));
  if (available.length === 0) throw new InputError('The CSV header has no channel column');
  const chosen =
    selected === undefined
      ? available
      : selected.map((wanted) => {
          const found = available.find((c) => matchesChannel(c.name, wanted));
          if (!found) {
            throw new InputError(
              `--channels: '${wanted}' is not a column of the CSV (columns: ${available.map((c) => c.name).join(', ')})`,
            );
          }
          return found;
        });
  const rows = lines.length - 1;
  if (rows === 0) throw new InputError('The CSV file has a header but no rows');
  const values = chosen.map(() => new Float64Array(rows));
  for (let r = 0; r < rows; r += 1) {
    const cells = splitLine(lines[r + 1] ?? '');
    if (cells.length !== header.length) {
      throw new InputError(
        `Line ${r + 2} has ${cells.length} cells; the header has ${header.length}`,
      );
    }
    chosen.forEach(({ name, column }, c) => {
      const cell = cells[column] ?? '';
      const value = cell === '' ? Number.NaN : Number(cell);
      if (cell !== '' && !Number.isFinite(value)) {
        throw new InputError(`Line ${r + 2}, column '${name}': '${cell}' is not a number`);
      }
      (values[c] ?? new Float64Array(0))[r] = value;
    });
  }
  return { names: chosen.map((c) => c.name), values };
}
