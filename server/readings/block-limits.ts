/** What one ingest item may hold and when it may be, shared by HTTP and MQTT. */
import { DEFAULT_HORIZON_DAYS } from '../config/setting-defaults.ts';

/** Highest sample rate accepted: 10 kHz covers every structural accelerometer we know of. */
export const MAX_RATE_HZ = 10_000;
/** Samples in one block; a second at 10 kHz. */
export const MAX_BLOCK_SAMPLES = 10_000;
/** A block may cover at most this long, so a query finds every block overlapping its range. */
export const MAX_BLOCK_SECONDS = 600;
/** Gateways' clocks drift, but a sample an hour ahead of the server is a wrong clock. */
export const MAX_FUTURE_MS = 60 * 60 * 1000;
/**
 * Largest magnitude of a value: a roll-up adds up millions of values and the analysis squares
 * them, and both must stay finite (`[1e308, 1e308]` once summed to Infinity, issue 13 finding
 * 10). No structural sensor reads anywhere near it.
 */
export const MAX_ABS_VALUE = 1e100;
/** Longest stream_id, as the data-stream form allows (openapi DatastreamInput). */
export const MAX_STREAM_ID_LENGTH = 100;

/**
 * The times an item may carry. The earliest is the horizon alone, not the stream's creation:
 * gateways backfill history they buffered before their stream was registered, and the demo
 * writes 30 days of history for streams it has just created.
 */
export interface TimeBounds {
  nowMs: number;
  earliestMs: number;
}

export function timeBounds(nowMs: number, horizonDays = DEFAULT_HORIZON_DAYS): TimeBounds {
  return { nowMs, earliestMs: nowMs - horizonDays * 24 * 60 * 60 * 1000 };
}

/**
 * Items in one HTTP body or one MQTT message (the contract's `maxItems` for JSON). Every unit
 * of work stays bounded whatever a sender sends (issue 37): a larger body answers 413, a larger
 * message becomes a dead letter.
 */
export const MAX_ITEMS_PER_BATCH = 10_000;
