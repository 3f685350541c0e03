/**
 * The compact bulk forms for gateways, read from the body's bytes. NDJSON: one JSON item per
 * line. CSV: `stream_id,start,rate_hz,v1,v2,...` per line, with an empty rate_hz for a single
 * reading (`stream_id,ts,,value`); an optional header line starts with `stream_id`. A line that
 * cannot be read becomes a rejection, not a failed request.
 *
 * Blocks of plain decimals are read in one pass over their bytes (ndjson-block-line.ts,
 * decimal-list.ts); anything else is decoded and parsed the general way, with the same result.
 */
import { END_OF_RANGE, scanDecimalList } from './decimal-list.ts';
import { Float8Elements } from '../readings/float8-elements.ts';
import { maxElements, readBlockLine, type ScannedBlock } from './ndjson-block-line.ts';
import { sliceClock } from './event-loop-turns.ts';

export type ParsedLine = { item: unknown } | { scanned: ScannedBlock } | { error: string };

const NEWLINE = 10;
const COMMA = 44;

// What String.prototype.trim removes, in ASCII: tab, line feed, vertical tab, form feed, CR, space.
export const isBlank = (c: number) => c === 32 || (c >= 9 && c <= 13);

/** Each non-blank line of `body` as [from, to) with surrounding whitespace left out. */
function* linesOf(body: Buffer): Generator<{ from: number; to: number; number: number }> {
  let number = 0;
  for (let from = 0; from < body.length;) {
    const newline = body.indexOf(NEWLINE, from);
    const end = newline < 0 ? body.length : newline;
    number += 1;
    let start = from;
    let to = end;
    while (start < to && isBlank(body[start] as number)) start += 1;
    while (to > start && isBlank(body[to - 1] as number)) to -= 1;
    if (to > start) yield { from: start, to, number };
    from = end + 1;
  }
}

/** `arena` receives the blocks' values; its caller releases it once they are stored. */
function* ndjsonLines(body: Buffer, arena: Float8Elements): Generator<ParsedLine> {
  for (const { from, to, number } of linesOf(body)) {
    const scanned = readBlockLine(body, from, to, arena);
    if (scanned) {
      yield { scanned };
      continue;
    }
    try {
      yield { item: JSON.parse(body.toString('utf8', from, to)) as unknown };
    } catch {
      yield { error: `line ${number} is not valid JSON` };
    }
  }
}

export const parseNdjson = (body: Buffer, arena = new Float8Elements()): ParsedLine[] =>
  Array.from(ndjsonLines(body, arena));

/** A decimal number as CSV writes it; `Number` alone would also read `0x10` as 16 (issue 37). */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * `NaN`, `inf` and friends become NaN/Infinity so the validation names them precisely; any
 * other text that is not a decimal stays text, and the checks refuse it.
 */
function csvNumber(field: string): number | string {
  const trimmed = field.trim();
  if (DECIMAL.test(trimmed)) return Number(trimmed);
  const lowered = trimmed.toLowerCase();
  if (lowered === 'nan') return NaN;
  if (/^[+-]?inf(inity)?$/.test(lowered)) return lowered.startsWith('-') ? -Infinity : Infinity;
  return field;
}

/** Index just past the third comma in body[from, to), or -1. */
function afterThreeCommas(body: Buffer, from: number, to: number): number {
  let at = from - 1;
  for (let seen = 0; seen < 3; seen += 1) {
    at = body.indexOf(COMMA, at + 1);
    if (at < 0 || at >= to) return -1;
  }
  return at + 1;
}

function csvLine(
  body: Buffer,
  from: number,
  to: number,
  number: number,
  arena: Float8Elements,
): ParsedLine {
  const valuesFrom = afterThreeCommas(body, from, to);
  if (valuesFrom < 0) return { error: `line ${number} needs stream_id, time, rate_hz and a value` };
  const [streamId = '', start = '', rate = ''] = body
    .toString('utf8', from, valuesFrom - 1)
    .split(',');
  const valuesText = () => body.toString('utf8', valuesFrom, to);
  if (rate.trim() === '') {
    const [value = ''] = valuesText().split(',');
    return { item: { stream_id: streamId, ts: start, value: csvNumber(value) } };
  }
  const head = { stream_id: streamId, start, rate_hz: csvNumber(rate) };
  arena.room(maxElements(valuesFrom, to));
  const values = scanDecimalList(body, valuesFrom, to, END_OF_RANGE, arena.view, arena.offset);
  if (values === null) {
    return { item: { ...head, values: valuesText().split(',').map(csvNumber) } };
  }
  return { scanned: { ...head, values, elements: arena.take(values.count) } };
}

/** How CSV's optional header line starts (after any blanks): it is no item. */
export const CSV_HEADER_START = Buffer.from('stream_id', 'latin1');

const isCsvHeader = (body: Buffer, from: number, number: number) =>
  number === 1 && body.subarray(from, from + CSV_HEADER_START.length).equals(CSV_HEADER_START);

function* csvLines(body: Buffer, arena: Float8Elements): Generator<ParsedLine> {
  for (const { from, to, number } of linesOf(body)) {
    if (!isCsvHeader(body, from, number)) yield csvLine(body, from, to, number, arena);
  }
}

export const parseCsv = (body: Buffer, arena = new Float8Elements()): ParsedLine[] =>
  Array.from(csvLines(body, arena));

/**
 * The lines of a bulk body (CSV when `csv`, NDJSON otherwise), read a slice at a time with the
 * event loop let run between slices. The body's lines were counted and bounded as it arrived
 * (bulk-line-counter.ts, bulk-body-reader.ts), so each line is at most a bounded read.
 */
export async function readBulkBody(
  body: Buffer,
  csv: boolean,
  arena: Float8Elements,
): Promise<ParsedLine[]> {
  const out: ParsedLine[] = [];
  const clock = sliceClock();
  for (const line of csv ? csvLines(body, arena) : ndjsonLines(body, arena)) {
    out.push(line);
    await clock.pause();
  }
  return out;
}
