/**
 * The cells of one line of a logger file, and their numbers. Loggers quote text cells (TOA5
 * quotes its timestamps), write `NAN` or leave a cell empty for a lost sample, and some write a
 * decimal comma when the delimiter is a semicolon or a tab.
 */
import { splitLine } from './csv-table.ts';

/** The cells of a line; the quote-aware split only when the line holds a quote (rare, slower). */
export function cellsOf(line: string, delimiter: string): string[] {
  return line.includes('"') ? splitLine(line, delimiter) : line.split(delimiter);
}

/** A decimal as loggers write it; `Number` alone would read `0x10` or `1_0`-like texts too. */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const DECIMAL_COMMA = /^[+-]?\d+,\d+([eE][+-]?\d+)?$/;
const LOST = /^(nan|-?inf(inity)?|null|n\/a|-+)$/i;

/**
 * A cell's number: finite for a value, NaN for a sample the logger lost (an empty cell, `NAN`),
 * null for text that is no number (a row error to report).
 */
export function cellNumber(raw: string, decimalComma: boolean): number | null {
  const cell = raw.trim();
  if (cell === '') return NaN;
  if (DECIMAL.test(cell)) return Number(cell);
  if (decimalComma && DECIMAL_COMMA.test(cell)) return Number(cell.replace(',', '.'));
  return LOST.test(cell) ? NaN : null;
}

/** Whether a cell holds a plain number (a catman data row starts with its relative time). */
export const isNumberCell = (cell: string, decimalComma: boolean) =>
  Number.isFinite(cellNumber(cell, decimalComma) ?? NaN);
