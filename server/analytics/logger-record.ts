import { at } from './at.ts';
import { InputError, splitLine } from './csv-table.ts';

/** A raw logger record: seconds from its first sample and one array per channel (NaN = missing). */
export interface LoggerRecord {
  columns: string[];
  seconds: Float64Array;
  channels: Float64Array[];
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)$/;
const DOTTED = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)$/;

/** Milliseconds of a logger's timestamp (read as UTC: only differences are used). */
export function loggerTimeMs(cell: string): number {
  const iso = ISO.exec(cell);
  const dotted = iso ? null : DOTTED.exec(cell);
  const parts = iso
    ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]]
    : dotted
      ? [dotted[3], dotted[2], dotted[1], dotted[4], dotted[5], dotted[6]]
      : null;
  if (!parts) return NaN;
  const field = (i: number): number => Number(parts[i]);
  return Date.UTC(field(0), field(1) - 1, field(2), field(3), field(4)) + field(5) * 1000;
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
