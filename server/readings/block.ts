import type { StreamKeyed } from './stream-keyed.ts';
/**
 * A block of one data stream's samples, as the readings store keeps it: its start, rate,
 * values and their summary, and the reasons a block can be refused. Ingest checks blocks
 * (server/ingest/block-validation.ts); this layer only stores and reads them.
 */
import { numbersOfElements } from './float8-elements.ts';

export type RejectionReason =
  | 'invalid_item'
  | 'unknown_stream'
  | 'stream_not_on_bridge'
  | 'non_finite_value'
  | 'future_time'
  | 'time_out_of_range'
  | 'value_out_of_range'
  | 'rate_out_of_range'
  | 'block_too_large'
  | 'conflict'
  | 'refused_by_database';

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

/** What storing a batch of blocks did. */
export interface StoreResult {
  storedSamples: number;
  duplicateSamples: number;
  /** Positions in the input of blocks whose start is taken by a different block: not stored. */
  conflicts: number[];
  /** Positions of blocks already stored (a resend): counted in duplicateSamples. */
  duplicates: number[];
  /**
   * What a conflict is, by data stream and block start, where more is known than that the
   * start is taken (a resend inside a joined block: the sample it differs at).
   */
  conflictDetails?: StreamKeyed<string> | undefined;
}

/** A checked block and the data stream it belongs to, as the store writes it. */
export interface StreamBlock {
  datastreamId: number;
  block: Block;
  /** The stream's declared resolution (its grid step); null or absent: stored exactly. */
  resolution?: number | null;
}
