// Stress-range histogram: counted cycles per range bin, the unit stored per detail per day, so a
// month or a year is a sum of histograms and never a recount (issue 19).
//
// Bin i holds the ranges in [(i − ½)·w, (i + ½)·w) and stands for the range i·w (rounding to the
// nearest bin): a range that is a multiple of w keeps its exact value, and the error of any other
// is at most w/2 either way, without bias. Bin 0 gathers ranges under w/2 (noise; no damage).
// Counts are cycles: a half cycle adds 0.5.

/** Default bin width in MPa: under 1 % of the lowest Eurocode cut-off limit (ΔσL ≈ 14.6 MPa). */
export const DEFAULT_BIN_WIDTH_MPA = 0.5;

export interface RangeHistogram {
  /** Width of a bin, in the unit of the ranges (MPa for stress). */
  readonly binWidth: number;
  /** counts[i]: cycles whose range rounds to i·binWidth. May be longer than the last used bin. */
  counts: Float64Array;
}

/** Plain form for storage and JSON: bins with a count only. */
export interface SparseHistogram {
  binWidth: number;
  /** Pairs [bin index, cycles], ascending bin index. */
  bins: [number, number][];
}

export function createHistogram(binWidth = DEFAULT_BIN_WIDTH_MPA, capacity = 256): RangeHistogram {
  if (!(binWidth > 0) || !Number.isFinite(binWidth)) {
    throw new RangeError(`binWidth must be a positive number, got ${binWidth}`);
  }
  return { binWidth, counts: new Float64Array(Math.max(1, capacity)) };
}

/** Grows the counts so that bin `index` exists (doubling, so adding stays amortised O(1)). */
export function ensureBin(histogram: RangeHistogram, index: number): void {
  if (index < histogram.counts.length) return;
  let size = histogram.counts.length;
  while (size <= index) size *= 2;
  const grown = new Float64Array(size);
  grown.set(histogram.counts);
  histogram.counts = grown;
}

export function binOf(range: number, binWidth: number): number {
  return Math.round(range / binWidth);
}

export function addRange(histogram: RangeHistogram, range: number, cycles: number): void {
  const index = binOf(range, histogram.binWidth);
  ensureBin(histogram, index);
  histogram.counts[index] = (histogram.counts[index] ?? 0) + cycles;
}

/** Adds `source` into `target` (same bin width); e.g. daily histograms into a year. */
export function mergeInto(target: RangeHistogram, source: RangeHistogram): RangeHistogram {
  if (target.binWidth !== source.binWidth) {
    throw new RangeError(`bin widths differ: ${target.binWidth} and ${source.binWidth}`);
  }
  const used = usedLength(source);
  ensureBin(target, used - 1);
  const into = target.counts;
  const from = source.counts;
  for (let i = 0; i < used; i += 1) into[i] = (into[i] as number) + (from[i] as number);
  return target;
}

export function sumHistograms(
  histograms: Iterable<RangeHistogram>,
  binWidth?: number,
): RangeHistogram {
  let total: RangeHistogram | null = binWidth === undefined ? null : createHistogram(binWidth);
  for (const histogram of histograms) {
    total ??= createHistogram(histogram.binWidth);
    mergeInto(total, histogram);
  }
  return total ?? createHistogram();
}

/** Number of bins up to and including the last non-empty one. */
export function usedLength(histogram: RangeHistogram): number {
  const counts = histogram.counts;
  let last = counts.length - 1;
  while (last >= 0 && counts[last] === 0) last -= 1;
  return last + 1;
}

export function totalCycles(histogram: RangeHistogram): number {
  let total = 0;
  for (const count of histogram.counts) total += count;
  return total;
}

export function toSparse(histogram: RangeHistogram): SparseHistogram {
  const bins: [number, number][] = [];
  histogram.counts.forEach((count, index) => {
    if (count !== 0) bins.push([index, count]);
  });
  return { binWidth: histogram.binWidth, bins };
}

export function fromSparse(sparse: SparseHistogram): RangeHistogram {
  const histogram = createHistogram(sparse.binWidth);
  for (const [index, count] of sparse.bins) {
    if (!Number.isInteger(index) || index < 0 || !Number.isFinite(count)) {
      throw new RangeError(`bad histogram bin [${index}, ${count}]`);
    }
    ensureBin(histogram, index);
    histogram.counts[index] = (histogram.counts[index] ?? 0) + count;
  }
  return histogram;
}
