/**
 * The first look at a logger file, before anything is stored: its format, encoding, columns with
 * their units, the time column's date order, the sample rate and a preview of the first rows.
 * The CLI prints it; an upload screen would show it to let each column be mapped.
 */
import { cellsOf } from '../analytics/logger-file-cells.ts';
import {
  detectLayout,
  FORMAT_NAMES,
  type FileLayout,
  type LoggerColumn,
  type LoggerFormat,
} from '../analytics/logger-file-layout.ts';
import {
  type DateOrder,
  dateOrderProblem,
  findDateOrder,
  timestampMs,
} from '../analytics/logger-time.ts';
import { rateOfTimes } from './block-builder.ts';
import type { TextEncoding, TextLine } from './text-lines.ts';

/** Lines read before deciding: headers and enough rows to judge the dates and the rate. */
export const INSPECTED_LINES = 1000;
const PREVIEW_ROWS = 5;

export interface ReadOptions {
  dateOrder?: DateOrder;
  /** Minutes east of UTC of the logger's clock, for times written without a zone. */
  utcOffsetMinutes?: number;
}

export interface Inspection {
  format: LoggerFormat;
  formatName: string;
  encoding: TextEncoding;
  layout: FileLayout;
  channels: LoggerColumn[];
  /** The date order found or given; null when the dates cannot be read (see `problem`). */
  dateOrder: DateOrder | null;
  /** Why the rows cannot be read as they are (an ambiguous date order above all), or null. */
  problem: string | null;
  /** The orders the dates read in when one must be given (empty otherwise). */
  dateOrderChoices: DateOrder[];
  rateHz: number;
  preview: { time: string; cells: string[] }[];
}

const unquote = (cell: string) => cell.trim().replace(/^"(.*)"$/, '$1');

/** The milliseconds of a data row's time cell, given the layout and the date order. */
export function rowTimeReader(
  layout: FileLayout,
  order: DateOrder,
  utcOffsetMinutes = 0,
): (cell: string) => number {
  if (layout.startText === null) {
    return (cell) => timestampMs(unquote(cell), order, utcOffsetMinutes);
  }
  const startMs = timestampMs(layout.startText, order, utcOffsetMinutes);
  const decimalComma = layout.decimalComma;
  return (cell) => {
    const text = cell.trim();
    const seconds = Number(decimalComma ? text.replace(',', '.') : text);
    return text === '' ? NaN : startMs + Math.round(seconds * 1_000_000) / 1000;
  };
}

export function inspect(
  head: readonly TextLine[],
  encoding: TextEncoding,
  options: ReadOptions,
): Inspection {
  const layout = detectLayout(head.map((line) => line.text));
  const rows = head.slice(layout.dataStart).filter((line) => line.text.trim() !== '');
  const timeCells = rows.map((row) =>
    unquote(cellsOf(row.text, layout.delimiter)[layout.time.index] ?? ''),
  );
  const samples = layout.startText === null ? timeCells : [layout.startText];
  const given = options.dateOrder ?? layout.fixedOrder ?? undefined;
  const finding = findDateOrder(samples.slice(0, 200), given);
  const dateOrder = finding.ok ? finding.order : null;
  const timeOf = dateOrder && rowTimeReader(layout, dateOrder, options.utcOffsetMinutes);
  return {
    format: layout.format,
    formatName: FORMAT_NAMES[layout.format],
    encoding,
    layout,
    channels: layout.channels,
    dateOrder,
    problem: finding.ok ? null : dateOrderProblem(finding, layout.time.header),
    dateOrderChoices: finding.ok || finding.reason === 'not-a-time' ? [] : [...finding.orders],
    rateHz: timeOf ? rateOfTimes(timeCells.map(timeOf).filter(Number.isFinite)) : 0,
    preview: rows.slice(0, PREVIEW_ROWS).map((row, i) => {
      const cells = cellsOf(row.text, layout.delimiter);
      return {
        time: timeCells[i] ?? '',
        cells: layout.channels.map((c) => unquote(cells[c.index] ?? '')),
      };
    }),
  };
}
