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
 * Lays stored blocks of one stream onto one regular grid from `from` to `to`; samples never
 * received stay NaN, so gaps are visible to the windowing instead of being filled.
 */
export function seriesFromBlocks(
  id: string,
  dataType: StreamSeries['dataType'],
  rateHz: number,
  blocks: readonly SampleBlock[],
  from: number,
  to: number,
): StreamSeries {
  const length = Math.max(0, Math.floor(((to - from) * rateHz) / 1000));
  const values = new Float64Array(length).fill(Number.NaN);
  for (const block of blocks) {
    const blockStart = typeof block.start === 'number' ? block.start : Date.parse(block.start);
    for (let i = 0; i < block.values.length; i += 1) {
      const t = blockStart + (i * 1000) / block.rate_hz;
      const index = Math.round(((t - from) * rateHz) / 1000);
      if (index >= 0 && index < length) values[index] = block.values[i] as number;
    }
  }
  return { id, dataType, rateHz, start: from, values };
}

/** The samples of [from, to) (a view, no copy). */
export function sliceSeries(series: StreamSeries, from: number, to: number): Float64Array {
  const first = Math.max(0, Math.ceil(((from - series.start) * series.rateHz) / 1000));
  const last = Math.min(
    series.values.length,
    Math.ceil(((to - series.start) * series.rateHz) / 1000),
  );
  return series.values.subarray(first, Math.max(first, last));
}
