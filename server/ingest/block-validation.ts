/**
 * Checks one ingest item (a block `{ stream_id, start, rate_hz, values }` or a single reading
 * `{ stream_id, ts, value }`) as it arrived over HTTP or MQTT. Pure: the stream lookup happens
 * elsewhere, so a bad item is rejected with its reason and never blocks the valid ones.
 */

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

/** A checked block; rateHz 0 marks a single reading. */
export interface Block {
  streamId: string;
  startMs: number;
  rateHz: number;
  values: number[];
  /** `values` as the sender wrote them (plain decimals), reused as the stored array's text. */
  valuesText?: string;
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

/** JSON cannot carry NaN or Infinity, so they arrive as null or as text; both are rejected. */
function finiteValues(raw: unknown[]): number[] | null {
  const out = new Array<number>(raw.length);
  for (let i = 0; i < raw.length; i += 1) {
    const value = raw[i];
    if (typeof value !== 'number' || !Number.isFinite(value)) return null;
    out[i] = value;
  }
  return out;
}

export function streamIdOf(item: unknown): string | null {
  if (typeof item !== 'object' || item === null) return null;
  const id = (item as { stream_id?: unknown }).stream_id;
  return typeof id === 'string' && id !== '' ? id : null;
}

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
      return reject('invalid_item', 'values must be a non-empty array of numbers');
    }
    rawValues = fields.values;
    const rate = fields.rate_hz;
    if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0 || rate > MAX_RATE_HZ) {
      return reject('rate_out_of_range', `rate_hz must be above 0 and at most ${MAX_RATE_HZ}`);
    }
    rateHz = rate;
    if (rawValues.length > MAX_BLOCK_SAMPLES) {
      return reject('block_too_large', `a block holds at most ${MAX_BLOCK_SAMPLES} samples`);
    }
    if (rawValues.length / rateHz > MAX_BLOCK_SECONDS) {
      return reject('block_too_large', `a block covers at most ${MAX_BLOCK_SECONDS} seconds`);
    }
  }
  const values = finiteValues(rawValues);
  if (values === null) return reject('non_finite_value', 'values must be finite numbers');
  const lastMs = rateHz === 0 ? startMs : startMs + ((values.length - 1) * 1000) / rateHz;
  if (lastMs > nowMs + MAX_FUTURE_MS) {
    return reject('future_time', 'the block ends more than an hour after the server time');
  }
  return { ok: true, block: { streamId, startMs, rateHz, values } };
}
