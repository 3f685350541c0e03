/**
 * Checks one ingest item (a block `{ stream_id, start, rate_hz, values }` or a single reading
 * `{ stream_id, ts, value }`) as it arrived over HTTP or MQTT. Pure: the stream lookup happens
 * elsewhere, so a bad item is rejected with its reason and never blocks the valid ones.
 */
import { numbersOfElements } from './float8-elements.ts';
import type { ScannedBlock } from './ndjson-block-line.ts';

/** Highest sample rate accepted: 10 kHz covers every structural accelerometer we know of. */
export const MAX_RATE_HZ = 10_000;
/** Samples in one block; a second at 10 kHz. */
export const MAX_BLOCK_SAMPLES = 10_000;
/** A block may cover at most this long, so a query finds every block overlapping its range. */
export const MAX_BLOCK_SECONDS = 600;
/** Gateways' clocks drift, but a sample an hour ahead of the server is a wrong clock. */
export const MAX_FUTURE_MS = 60 * 60 * 1000;

export type RejectionReason =
  | 'invalid_item'
  | 'unknown_stream'
  | 'stream_not_on_bridge'
  | 'non_finite_value'
  | 'future_time'
  | 'rate_out_of_range'
  | 'block_too_large';

export interface Rejection {
  reason: RejectionReason;
  detail: string;
}

/** A block's count, least, greatest and total of its values. */
export interface BlockStats {
  count: number;
  min: number;
  max: number;
  sum: number;
}

/**
 * A checked block; rateHz 0 marks a single reading. It holds its values as numbers, or, from the
 * bulk forms, as binary float8 elements ready for the COPY; `valuesOf` reads either.
 */
export interface Block {
  streamId: string;
  startMs: number;
  rateHz: number;
  stats: BlockStats;
  values?: number[];
  /** The values as binary COPY float8 elements (see float8-elements.ts). */
  elements?: Uint8Array;
}

/** The numbers of a block's values. */
export function valuesOf(block: Block): number[] {
  return block.values ?? numbersOfElements(block.elements ?? new Uint8Array());
}

/** Count and stats of numbers; null when one is not a finite number. */
export function statsOf(values: readonly unknown[]): BlockStats | null {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    // JSON cannot carry NaN or Infinity, so they arrive as null or as text; both are rejected.
    if (typeof value !== 'number' || !Number.isFinite(value)) return null;
    if (value < min) min = value;
    if (value > max) max = value;
    sum += value;
  }
  return { count: values.length, min, max, sum };
}

/** A block of numbers, checked elsewhere (the simulator's and the demo's own blocks). */
export function blockOf(streamId: string, startMs: number, rateHz: number, values: number[]) {
  const stats = statsOf(values);
  if (stats === null) throw new Error(`block of ${streamId} holds a value that is not finite`);
  return { streamId, startMs, rateHz, stats, values };
}

export type Checked = { ok: true; block: Block } | { ok: false; rejection: Rejection };

const reject = (reason: RejectionReason, detail: string): Checked => ({
  ok: false,
  rejection: { reason, detail },
});

function parseTime(raw: unknown): number | null {
  if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
  if (typeof raw !== 'string' || raw === '') return null;
  const ms = Date.parse(raw);
  return Number.isNaN(ms) ? null : ms;
}

export function streamIdOf(item: unknown): string | null {
  if (typeof item !== 'object' || item === null) return null;
  const id = (item as { stream_id?: unknown }).stream_id;
  return typeof id === 'string' && id !== '' ? id : null;
}

function checkRate(rate: unknown, count: number): Rejection | null {
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0 || rate > MAX_RATE_HZ) {
    return {
      reason: 'rate_out_of_range',
      detail: `rate_hz must be above 0 and at most ${MAX_RATE_HZ}`,
    };
  }
  if (count > MAX_BLOCK_SAMPLES) {
    return {
      reason: 'block_too_large',
      detail: `a block holds at most ${MAX_BLOCK_SAMPLES} samples`,
    };
  }
  if (count / rate > MAX_BLOCK_SECONDS) {
    return {
      reason: 'block_too_large',
      detail: `a block covers at most ${MAX_BLOCK_SECONDS} seconds`,
    };
  }
  return null;
}

const EMPTY_VALUES = 'values must be a non-empty array of numbers';
const NOT_FINITE = 'values must be finite numbers';

/** The checks after the values: the block must not end far in the future. */
function finish(block: Block, nowMs: number): Checked {
  const { rateHz, startMs, stats } = block;
  const lastMs = rateHz === 0 ? startMs : startMs + ((stats.count - 1) * 1000) / rateHz;
  if (lastMs > nowMs + MAX_FUTURE_MS) {
    return reject('future_time', 'the block ends more than an hour after the server time');
  }
  return { ok: true, block };
}

/** Checks an item parsed from JSON (the JSON form, NDJSON's general path, CSV, MQTT). */
export function checkItem(item: unknown, nowMs: number): Checked {
  const streamId = streamIdOf(item);
  if (streamId === null) return reject('invalid_item', 'stream_id must be a non-empty string');
  const fields = item as Record<string, unknown>;
  const isSingle = 'ts' in fields || 'value' in fields;
  const startMs = parseTime(isSingle ? fields.ts : fields.start);
  if (startMs === null) {
    return reject('invalid_item', `${isSingle ? 'ts' : 'start'} must be an ISO 8601 time`);
  }
  let rateHz = 0;
  let rawValues: unknown[];
  if (isSingle) {
    rawValues = [fields.value];
  } else {
    if (!Array.isArray(fields.values) || fields.values.length === 0) {
      return reject('invalid_item', EMPTY_VALUES);
    }
    rawValues = fields.values;
    const rateProblem = checkRate(fields.rate_hz, rawValues.length);
    if (rateProblem) return { ok: false, rejection: rateProblem };
    rateHz = fields.rate_hz as number;
  }
  const stats = statsOf(rawValues);
  if (stats === null) return reject('non_finite_value', NOT_FINITE);
  return finish({ streamId, startMs, rateHz, stats, values: rawValues as number[] }, nowMs);
}

/** Checks a block read straight from a bulk body's bytes: the same rules as `checkItem`. */
export function checkScanned(scanned: ScannedBlock, nowMs: number): Checked {
  const streamId = streamIdOf(scanned);
  if (streamId === null) return reject('invalid_item', 'stream_id must be a non-empty string');
  const startMs = parseTime(scanned.start);
  if (startMs === null) return reject('invalid_item', 'start must be an ISO 8601 time');
  const { count, min, max, sum } = scanned.values;
  if (count === 0) return reject('invalid_item', EMPTY_VALUES);
  const rateProblem = checkRate(scanned.rate_hz, count);
  if (rateProblem) return { ok: false, rejection: rateProblem };
  // Finite extremes mean finite values (the sum alone may overflow with finite values).
  if (!Number.isFinite(min) || !Number.isFinite(max)) {
    return reject('non_finite_value', NOT_FINITE);
  }
  const block: Block = {
    streamId,
    startMs,
    rateHz: scanned.rate_hz as number,
    stats: { count, min, max, sum },
    elements: scanned.elements,
  };
  return finish(block, nowMs);
}
