import { at } from './at.ts';
/** A bad input the detect command reports with exit code 2. */
export class InputError extends Error {}

/** A CSV of one time/index column and numeric channels; NaN marks an empty cell. */
export interface ChannelTable {
  timeColumn: string;
  columns: string[];
  rows: number[][];
}

/** Splits one CSV line, honouring double-quoted fields ("" is a quote inside one). */
export function splitLine(line: string, delimiter = ','): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = at(line, i);
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

function isTimeOrIndex(cell: string): boolean {
  if (cell === '') return false;
  if (Number.isFinite(Number(cell))) return true;
  return /^\d{4}-\d{2}-\d{2}/.test(cell) && !Number.isNaN(Date.parse(cell));
}

export function parseChannelCsv(text: string): ChannelTable {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length > 0 && at(lines, lines.length - 1).trim() === '') lines.pop();
  if (lines.length === 0) throw new InputError('The CSV file is empty');
  const header = splitLine(at(lines, 0));
  if (header.length < 2) {
    throw new InputError('The CSV header needs a time or index column and at least one channel');
  }
  const seen = new Set<string>();
  header.forEach((name, i) => {
    if (name === '') throw new InputError(`Column ${i + 1} of the header has no name`);
    if (seen.has(name)) throw new InputError(`Column '${name}' appears twice in the header`);
    seen.add(name);
  });
  const rows: number[][] = [];
  for (let l = 1; l < lines.length; l += 1) {
    const line = at(lines, l);
    const cells = splitLine(line);
    if (cells.length !== header.length) {
      throw new InputError(
        `Line ${l + 1} has ${cells.length} cells; the header has ${header.length}`,
      );
    }
    if (!isTimeOrIndex(at(cells, 0))) {
      throw new InputError(
        `Line ${l + 1}: '${cells[0]}' in column '${header[0]}' is not a time (ISO 8601) or a number`,
      );
    }
    rows.push(
      cells.slice(1).map((cell, c) => {
        if (cell === '') return Number.NaN;
        const value = Number(cell);
        if (!Number.isFinite(value)) {
          throw new InputError(
            `Line ${l + 1}, column '${header[c + 1]}': '${cell}' is not a number`,
          );
        }
        return value;
      }),
    );
  }
  if (rows.length === 0) throw new InputError('The CSV file has a header but no rows');
  return { timeColumn: at(header, 0), columns: header.slice(1), rows };
}
