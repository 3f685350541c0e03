/**
 * What kind of logger file a text is, from its first lines: Campbell TOA5, an HBM catman ASCII
 * export, the UniBw Munich loggers' CSV, or a generic CSV/TSV with a header row. The layout names
 * the delimiter, where the data starts, the time column and each channel with its unit.
 */
import { InputError } from './csv-table.ts';
import { cellsOf, isNumberCell } from './logger-file-cells.ts';
import { normalUnit, splitHeader } from './logger-header.ts';
import { type DateOrder, shapeOf } from './logger-time.ts';

export type LoggerFormat = 'toa5' | 'catman' | 'unibw' | 'csv' | 'tsv';

export const FORMAT_NAMES: Record<LoggerFormat, string> = {
  toa5: 'Campbell Scientific TOA5',
  catman: 'HBM catman ASCII export',
  unibw: 'UniBw Munich logger CSV',
  csv: 'generic CSV',
  tsv: 'generic TSV (tab-separated)',
};

export interface LoggerColumn {
  /** Position among the line's cells (0-based). */
  index: number;
  /** The header cell as written. */
  header: string;
  name: string;
  /** The unit written one way ('' when the header names none). */
  unit: string;
}

export interface FileLayout {
  format: LoggerFormat;
  delimiter: string;
  decimalComma: boolean;
  /** Index of the first data line among the file's lines. */
  dataStart: number;
  time: LoggerColumn;
  /** catman's time column counts seconds from this start time; null: the cells are timestamps. */
  startText: string | null;
  /** The date order the format itself fixes (TOA5 writes year-month-day), else null. */
  fixedOrder: DateOrder | null;
  channels: LoggerColumn[];
}

const unquote = (cell: string) => cell.trim().replace(/^"(.*)"$/, '$1');

function column(index: number, header: string, unitText?: string): LoggerColumn {
  const split = splitHeader(header);
  const unit = unitText === undefined ? split.unit : unitText;
  return {
    index,
    header,
    name: unitText === undefined ? split.name : header,
    unit: normalUnit(unit),
  };
}

function toa5(lines: string[]): FileLayout {
  if (lines.length < 4) throw new InputError('The TOA5 file ends inside its four header lines');
  const names = cellsOf(lines[1] ?? '', ',').map(unquote);
  const units = cellsOf(lines[2] ?? '', ',').map(unquote);
  const timeIndex = names.findIndex((name) => name.toUpperCase() === 'TIMESTAMP');
  if (timeIndex < 0) throw new InputError('The TOA5 file has no TIMESTAMP column');
  const channels = names.flatMap((name, index) =>
    index === timeIndex || name.toUpperCase() === 'RECORD' || name === ''
      ? []
      : [column(index, name, units[index] ?? '')],
  );
  return {
    format: 'toa5',
    delimiter: ',',
    decimalComma: false,
    dataStart: 4,
    time: column(timeIndex, names[timeIndex] ?? 'TIMESTAMP', ''),
    startText: null,
    fixedOrder: 'ymd',
    channels,
  };
}

const delimiterOf = (line: string) =>
  line.includes('\t') ? '\t' : line.split(';').length > line.split(',').length ? ';' : ',';

const TIME_NAME = /^(time|timestamp|date ?time|date|zeit|datum|uhrzeit)\b/i;
const isDataLine = (line: string, delimiter: string, decimalComma: boolean) => {
  const first = unquote(cellsOf(line, delimiter)[0] ?? '');
  return shapeOf(first) !== null || isNumberCell(first, decimalComma);
};

function catman(lines: string[], delimiter: string): FileLayout {
  const keyed = (pattern: RegExp) =>
    lines.findIndex((line) => pattern.test(unquote(cellsOf(line, delimiter)[0] ?? '')));
  const namesAt = keyed(/^(channel ?name|kanalname|name)$/i);
  const unitsAt = keyed(/^(unit|einheit)$/i);
  const startAt = keyed(/^(t0|start ?time|startzeit|date\/time|datum\/uhrzeit|start)$/i);
  const decimalComma = delimiter !== ',';
  const dataStart = lines.findIndex(
    (line, i) => i > namesAt && line.trim() !== '' && isDataLine(line, delimiter, decimalComma),
  );
  if (dataStart < 0) throw new InputError('The catman export has no data rows');
  // Each header row is its key, then one cell per data column.
  const row = (at: number) =>
    at < 0
      ? []
      : cellsOf(lines[at] ?? '', delimiter)
          .map(unquote)
          .slice(1);
  const names = row(namesAt);
  const units = row(unitsAt);
  const timeIndex = Math.max(
    0,
    names.findIndex((name) => /time|zeit/i.test(name)),
  );
  const firstCell = unquote(cellsOf(lines[dataStart] ?? '', delimiter)[timeIndex] ?? '');
  const relative = shapeOf(firstCell) === null;
  const starts = row(startAt);
  const startText = relative ? starts[timeIndex] || starts.find((cell) => cell !== '') : undefined;
  if (relative && !startText) {
    throw new InputError('The catman export counts seconds but names no start time (T0)');
  }
  return {
    format: 'catman',
    delimiter,
    decimalComma,
    dataStart,
    time: column(timeIndex, names[timeIndex] ?? '', units[timeIndex] ?? ''),
    startText: startText ?? null,
    fixedOrder: null,
    channels: names.flatMap((name, index) =>
      index === timeIndex || name === '' ? [] : [column(index, name, units[index] ?? '')],
    ),
  };
}

function generic(lines: string[]): FileLayout {
  const header = lines[0] ?? '';
  const delimiter = delimiterOf(header);
  const cells = cellsOf(header, delimiter).map(unquote);
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  if (cells.length < 2) {
    throw new InputError('The file needs a header row naming a time column and a channel');
  }
  const sample = cellsOf(lines[1] ?? '', delimiter);
  const decimalComma =
    delimiter !== ',' && sample.some((cell) => /^[+-]?\d+,\d+$/.test(cell.trim()));
  const named = cells.findIndex((cell) => TIME_NAME.test(cell));
  const timeIndex = named < 0 ? 0 : named;
  return {
    format: delimiter === '\t' ? 'tsv' : cells[0] === 'Time (-)' ? 'unibw' : 'csv',
    delimiter,
    decimalComma,
    dataStart: 1,
    time: column(timeIndex, cells[timeIndex] ?? ''),
    startText: null,
    fixedOrder: null,
    channels: cells.flatMap((cell, index) =>
      index === timeIndex || cell === '' ? [] : [column(index, cell)],
    ),
  };
}

/** The layout of a logger file from its first lines (the header and a few data rows). */
export function detectLayout(lines: readonly string[]): FileLayout {
  const text = lines.map((line) => line.replace(/^\uFEFF/, ''));
  const first = text[0] ?? '';
  if (first.trim() === '') throw new InputError('The file is empty or starts with a blank line');
  if (/^"?TOA5"?,/.test(first)) return toa5(text);
  const head = text.slice(0, 40);
  const delimiter = delimiterOf(
    head.find((line) => /^"?(channel ?name|kanalname)"?[;,\t]/i.test(line)) ?? first,
  );
  const catmanKeys = head.filter((line) =>
    /^"?(channel ?name|kanalname|unit|einheit|t0)"?[;,\t]/i.test(line),
  ).length;
  if (/catman/i.test(first) || catmanKeys >= 2) return catman(text, delimiter);
  return generic(text);
}
