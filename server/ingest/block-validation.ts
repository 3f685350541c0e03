/**
 * Checks one ingest item (a block `{ stream_id, start, rate_hz, values }` or a single reading
 * `{ stream_id, ts, value }`) as it arrived over HTTP or MQTT. Pure: the stream lookup happens
 * elsewhere, so a bad item is rejected with its reason and never blocks the valid ones.
 */
import { type Block, type Rejection, type RejectionReason, statsOf } from '../readings/block.ts';
import {
  MAX_ABS_VALUE,
  MAX_BLOCK_SAMPLES,
  MAX_BLOCK_SECONDS,
  MAX_FUTURE_MS,
  MAX_RATE_HZ,
  MAX_STREAM_ID_LENGTH,
  type TimeBounds,
} from '../readings/block-limits.ts';
import { parseIsoTime } from './iso-time.ts';
import type { ScannedBlock } from './ndjson-block-line.ts';

export type Checked = { ok: true; block: Block } | { ok: false; rejection: Rejection };

const reject = (reason: RejectionReason, detail: string): Checked => ({
  ok: false,
  rejection: { reason, detail },
});

/** An ISO 8601 text, or a number of milliseconds since the epoch (older gateways send one). */
/**
 * Milliseconds since the epoch, whole: a fraction would be stored (microseconds) yet shown and
 * compared as its millisecond, so X+0.4 and X+0.6 were two blocks at one displayed time (issue
 * 37, finding 12). An ISO time's digits beyond the millisecond are dropped the same way.
 */
function parseTime(raw: unknown): number | null {
  if (typeof raw === 'number' && Number.isFinite(raw)) return Math.floor(raw);
  return typeof raw === 'string' ? parseIsoTime(raw) : null;
}

// Control characters (NUL above all) cannot be stored in a text column and name no stream.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

export function streamIdOf(item: unknown): string | null {
  if (typeof item !== 'object' || item === null) return null;
  const id = (item as { stream_id?: unknown }).stream_id;
  if (typeof id !== 'string' || id === '' || id.length > MAX_STREAM_ID_LENGTH) return null;
  return CONTROL_CHARACTER.test(id) ? null : id;
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
const NO_STREAM_ID = `stream_id must be a string of 1 to ${MAX_STREAM_ID_LENGTH} printable characters`;

/** The checks after the values: magnitudes, and a time between the horizon and the near future. */
function finish(block: Block, bounds: TimeBounds): Checked {
  const { rateHz, startMs, stats } = block;
  if (Math.max(-stats.min, stats.max) > MAX_ABS_VALUE) {
    return reject('value_out_of_range', `values must lie within ±${MAX_ABS_VALUE}`);
  }
  if (startMs < bounds.earliestMs) {
    const horizon = new Date(bounds.earliestMs).toISOString();
    return reject(
      'time_out_of_range',
      `the block starts before ${horizon}, the ingest horizon (INGEST_HORIZON_DAYS)`,
    );
  }
  const lastMs = rateHz === 0 ? startMs : startMs + ((stats.count - 1) * 1000) / rateHz;
  if (lastMs > bounds.nowMs + MAX_FUTURE_MS) {
    return reject('future_time', 'the block ends more than an hour after the server time');
  }
  return { ok: true, block };
}

/** Checks an item parsed from JSON (the JSON form, NDJSON's general path, CSV, MQTT). */
export function checkItem(item: unknown, bounds: TimeBounds): Checked {
  const streamId = streamIdOf(item);
  if (streamId === null) return reject('invalid_item', NO_STREAM_ID);
  const fields = item as Record<string, unknown>;
  const isSingle = 'ts' in fields || 'value' in fields;
  const startMs = parseTime(isSingle ? fields.ts : fields.start);
  if (startMs === null) {
    return reject(
      'invalid_item',
      `${isSingle ? 'ts' : 'start'} must be an ISO 8601 time on a day that exists`,
    );
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
  return finish({ streamId, startMs, rateHz, stats, values: rawValues as number[] }, bounds);
}

/** Checks a block read straight from a bulk body's bytes: the same rules as `checkItem`. */
export function checkScanned(scanned: ScannedBlock, bounds: TimeBounds): Checked {
  const streamId = streamIdOf(scanned);
  if (streamId === null) return reject('invalid_item', NO_STREAM_ID);
  const startMs = parseTime(scanned.start);
  if (startMs === null) {
    return reject('invalid_item', 'start must be an ISO 8601 time on a day that exists');
  }
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
  return finish(block, bounds);
}
