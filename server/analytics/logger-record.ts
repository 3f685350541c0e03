import { at } from './at.ts';
import { InputError, splitLine } from './csv-table.ts';
import { shapeOf, timestampMs } from './logger-time.ts';

/** A raw logger record: seconds from its first sample and one array per channel (NaN = missing). */
export interface LoggerRecord {
  columns: string[];
  seconds: Float64Array;
  channels: Float64Array[];
}

/**
 * Milliseconds of a logger's timestamp (read as UTC: only differences are used), the year-first
 * form as year-month-day and the dotted one as day-month-year, as the loggers we know write them.
 */
export function loggerTimeMs(cell: string): number {
  const shape = shapeOf(cell);
  if (shape === null) return NaN;
  return timestampMs(cell, shape === 'year-last' ? 'dmy' : 'ymd');
}

/**
 * Parses a logger's CSV (a timestamp column, then numeric channels). Loggers write
 * 'YYYY-MM-DD hh:mm:ss.fff' or 'DD.MM.YYYY hh:mm:ss.fff', may end the header with a comma, and
 * leave cells empty or non-numeric where a sample was lost: those become NaN, never an error.
 */
export function parseLoggerRecord(text: string): LoggerRecord {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = splitLine(at(lines, 0)).filter((name) => name !== '');
  if (header.length < 2) throw new InputError('The record needs a time column and a channel');
  const columns = header.slice(1);
  const seconds: number[] = [];
  const channels = columns.map(() => [] as number[]);
  let t0 = NaN;
  for (let l = 1; l < lines.length; l += 1) {
    const line = at(lines, l);
    if (line.trim() === '') continue;
    const cells = line.split(',');
    const ms = loggerTimeMs(at(cells, 0).trim());
    if (!Number.isFinite(ms)) continue;
    if (Number.isNaN(t0)) t0 = ms;
    seconds.push((ms - t0) / 1000);
    channels.forEach((channel, c) => {
      const cell = cells[c + 1]?.trim() ?? '';
      channel.push(cell === '' ? NaN : Number(cell));
    });
  }
  if (seconds.length === 0) throw new InputError('The record has no timestamped rows');
  return {
    columns,
    seconds: Float64Array.from(seconds),
    channels: channels.map((c) => Float64Array.from(c)),
  };
}
