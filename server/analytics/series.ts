/** One data stream's samples on a regular grid; NaN marks a missing sample. */
export interface StreamSeries {
  id: string;
  dataType: 'acceleration' | 'strain' | 'temperature' | 'displacement' | 'tilt' | 'load';
  rateHz: number;
  /** Epoch ms of values[0]. */
  start: number;
  values: Float64Array;
}

export interface SampleBlock {
  start: string | number;
  rate_hz: number;
  /** The analysis reads Float64Arrays from storage (bridge-streams.ts); tests give arrays. */
  values: ArrayLike<number>;
}

/**
 * One stream's stored blocks over a grid of `length` samples from `start`, laid onto the grid
 * one slice at a time when asked (sliceSeries). The windowing asks for each 10-minute window once;
 * a whole day's grid of a duty-cycled 20 Hz accelerometer is 13.8 MB, nine tenths of it NaN, and
 * the analysis held a bridge's day of them (decision 039, 2026-11-29).
 */
export interface BlockSeries {
  id: string;
  dataType: StreamSeries['dataType'];
  rateHz: number;
  start: number;
  length: number;
  blocks: readonly SampleBlock[];
}

/** A grid held whole, or laid out per slice: sliceSeries gives the same values from either. */
export type Series = StreamSeries | BlockSeries;

/** The grid's length over [from, to) at `rateHz`. */
const gridLength = (rateHz: number, from: number, to: number) =>
  Math.max(0, Math.floor(((to - from) * rateHz) / 1000));

/**
 * Writes the samples of `blocks` that fall on grid slots [first, first + out.length) of the grid
 * from `from` into `out`; a later block's sample wins a slot, as it always has.
 */
function layBlocks(
  blocks: readonly SampleBlock[],
  from: number,
  rateHz: number,
  out: Float64Array,
  first: number,
): void {
  const last = first + out.length;
  for (const block of blocks) {
    const blockStart = typeof block.start === 'number' ? block.start : Date.parse(block.start);
    const slotOf = (i: number) => {
      const t = blockStart + (i * 1000) / block.rate_hz;
      return Math.round(((t - from) * rateHz) / 1000);
    };
    const n = block.values.length;
    // Slots rise with the sample index at positive rates: a block wholly outside is passed over.
    if (n === 0) continue;
    if (block.rate_hz > 0 && rateHz > 0 && (slotOf(0) >= last || slotOf(n - 1) < first)) continue;
    for (let i = 0; i < n; i += 1) {
      const index = slotOf(i);
      if (index >= first && index < last) out[index - first] = block.values[i] as number;
    }
  }
}

/**
 * Lays stored blocks of one stream onto one regular grid from `from` to `to`; samples never
 * received stay NaN, so gaps are visible to the windowing instead of being filled.
 */
export function seriesFromBlocks(...args: Parameters<typeof blockSeries>): StreamSeries {
  const { blocks, length, ...grid } = blockSeries(...args);
  const values = new Float64Array(length).fill(Number.NaN);
  layBlocks(blocks, grid.start, grid.rateHz, values, 0);
  return { ...grid, values };
}

/** The blocks of [from, to) as a grid laid out only where sliced (BlockSeries). */
export function blockSeries(
  id: string,
  dataType: StreamSeries['dataType'],
  rateHz: number,
  blocks: readonly SampleBlock[],
  from: number,
  to: number,
): BlockSeries {
  return { id, dataType, rateHz, start: from, length: gridLength(rateHz, from, to), blocks };
}

/** The samples of [from, to): a view of a whole grid (no copy), or that slice laid out anew. */
export function sliceSeries(series: Series, from: number, to: number): Float64Array {
  const length = 'values' in series ? series.values.length : series.length;
  const first = Math.max(0, Math.ceil(((from - series.start) * series.rateHz) / 1000));
  const last = Math.min(length, Math.ceil(((to - series.start) * series.rateHz) / 1000));
  if ('values' in series) return series.values.subarray(first, Math.max(first, last));
  const out = new Float64Array(Math.max(0, last - first)).fill(Number.NaN);
  layBlocks(series.blocks, series.start, series.rateHz, out, first);
  return out;
}
