import { laggedProductSums } from './lagged-sums.ts';

/**
 * Output correlations R_k = E[y(t+k)·y(t)ᵀ] of a multichannel record, lags 1..maxLag, and the block
 * Toeplitz matrix SSI-COV factorises (Peeters & De Roeck 1999; Reynders 2012, §3). Samples are
 * per channel arrays of equal length; NaN marks a sample the record does not have.
 */

/** A gap of at most this many samples is filled by linear interpolation (0.1 s at 100 Hz). */
export const MAX_FILLED_GAP = 10;

export interface PreparedRecord {
  /** Channels with the mean removed; rows not usable are 0 and have mask 0. */
  channels: Float64Array[];
  /** 1 for a row where every channel has a value, else 0. */
  mask: Uint8Array;
  filledGaps: number;
  filledSamples: number;
  /** Rows left out of the correlations: inside a longer gap, or at the record's ends. */
  droppedRows: number;
}

/**
 * Fills short gaps linearly (the interpolation error is tiny against the noise for the few
 * samples involved), leaves longer ones out of the correlation sums (a long interpolated line
 * would add a spurious low-frequency component), and removes each channel's mean.
 */
export function prepareRecord(channels: readonly ArrayLike<number>[]): PreparedRecord {
  const length = channels[0]?.length ?? 0;
  const filled = channels.map((channel) => Float64Array.from(channel));
  let filledGaps = 0;
  let filledSamples = 0;
  for (const channel of filled) {
    let i = 0;
    while (i < length) {
      if (Number.isFinite(channel[i] ?? Number.NaN)) {
        i += 1;
        continue;
      }
      let end = i;
      while (end < length && !Number.isFinite(channel[end] ?? Number.NaN)) end += 1;
      const gap = end - i;
      if (i > 0 && end < length && gap <= MAX_FILLED_GAP) {
        const before = channel[i - 1] ?? 0;
        const after = channel[end] ?? 0;
        for (let k = i; k < end; k += 1) {
          channel[k] = before + ((after - before) * (k - i + 1)) / (gap + 1);
        }
        filledGaps += 1;
        filledSamples += gap;
      }
      i = end;
    }
  }
  const mask = new Uint8Array(length);
  let droppedRows = 0;
  mask.fill(1);
  for (const channel of filled) {
    for (let t = 0; t < length; t += 1) if (!Number.isFinite(channel[t] as number)) mask[t] = 0;
  }
  for (let t = 0; t < length; t += 1) if (mask[t] === 0) droppedRows += 1;
  for (const channel of filled) {
    let sum = 0;
    let count = 0;
    for (let t = 0; t < length; t += 1) {
      if (mask[t] === 1) {
        sum += channel[t] ?? 0;
        count += 1;
      }
    }
    const mean = count > 0 ? sum / count : 0;
    for (let t = 0; t < length; t += 1) channel[t] = mask[t] === 1 ? (channel[t] ?? 0) - mean : 0;
  }
  return { channels: filled, mask, filledGaps, filledSamples, droppedRows };
}

/**
 * R_k for k = 0..maxLag as l×l row-major matrices: entry (a, b) = Σ y_a(t+k)·y_b(t) / pairs, over
 * the pairs of rows both present.
 */
export function outputCorrelations(record: PreparedRecord, maxLag: number): Float64Array[] {
  const { channels, mask } = record;
  const length = mask.length;
  // Masked rows are zero, so they add nothing to the sums.
  const result = laggedProductSums(channels, maxLag);
  result.forEach((matrix, k) => {
    // A record with no row left out has every pair at every lag: no need to count them.
    let pairs = Math.max(length - k, 0);
    if (record.droppedRows > 0) {
      pairs = 0;
      for (let t = 0; t + k < length; t += 1)
        pairs += (mask[t] as number) * (mask[t + k] as number);
    }
    for (let i = 0; i < matrix.length; i += 1)
      matrix[i] = pairs > 0 ? (matrix[i] as number) / pairs : 0;
  });
  return result;
}

/**
 * Block Toeplitz matrix of i block rows and columns, (l·i)×(l·i) row-major: block (r, c) is
 * R_{i+r−c}, so the top right block is R_1 and the bottom left R_{2i−1}. Its column space is
 * the observability matrix's (Peeters & De Roeck 1999).
 */
export function blockToeplitz(
  correlations: readonly Float64Array[],
  l: number,
  blockRows: number,
): Float64Array {
  const size = l * blockRows;
  const t = new Float64Array(size * size);
  for (let r = 0; r < blockRows; r += 1) {
    for (let c = 0; c < blockRows; c += 1) {
      const block = correlations[blockRows + r - c];
      if (!block) throw new RangeError(`correlation at lag ${blockRows + r - c} is missing`);
      for (let a = 0; a < l; a += 1) {
        for (let b = 0; b < l; b += 1) t[(r * l + a) * size + c * l + b] = block[a * l + b] ?? 0;
      }
    }
  }
  return t;
}
