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

/** Lags summed in one pass over the samples (they share their loads). */
const LAGS_PER_PASS = 4;

/**
 * R_k for k = 0..maxLag as l×l row-major matrices: entry (a, b) = Σ y_a(t+k)·y_b(t) / pairs, over
 * the pairs of rows both present.
 */
export function outputCorrelations(record: PreparedRecord, maxLag: number): Float64Array[] {
  const { channels, mask } = record;
  const l = channels.length;
  const length = mask.length;
  const result: Float64Array[] = [];
  const pairs: number[] = [];
  for (let k = 0; k <= maxLag; k += 1) {
    result.push(new Float64Array(l * l));
    let count = 0;
    for (let t = 0; t + k < length; t += 1) count += (mask[t] ?? 0) * (mask[t + k] ?? 0);
    pairs.push(count);
  }
  const sums = new Float64Array(LAGS_PER_PASS);
  for (let k = 0; k <= maxLag; k += LAGS_PER_PASS) {
    for (let a = 0; a < l; a += 1) {
      const ya = channels[a] ?? new Float64Array(0);
      for (let b = 0; b < l; b += 1) {
        // Masked rows are zero, so they add nothing.
        laggedDots(ya, channels[b] ?? ya, k, sums);
        for (let j = 0; j < LAGS_PER_PASS && k + j <= maxLag; j += 1) {
          const count = pairs[k + j] ?? 0;
          (result[k + j] as Float64Array)[a * l + b] = count > 0 ? (sums[j] as number) / count : 0;
        }
      }
    }
  }
  return result;
}

/**
 * sums[j] = Σ a(t+k+j)·b(t), j = 0..3 (a lag beyond the record sums to 0). The hot loop of
 * SSI-COV (l²·2i·N multiply-adds): four independent sums per lag let the CPU overlap the
 * additions instead of waiting on one running total, and the four lags share their loads.
 * Samples t ≡ m (mod 4) go to a lag's sum m, its last (N − lag) mod 4 to sum 0: the order of a
 * lag summed alone, so the result does not depend on the grouping of lags.
 */
function laggedDots(a: Float64Array, b: Float64Array, k: number, sums: Float64Array): void {
  const n = a.length - k;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let u0 = 0;
  let u1 = 0;
  let u2 = 0;
  let u3 = 0;
  let v0 = 0;
  let v1 = 0;
  let v2 = 0;
  let v3 = 0;
  let w0 = 0;
  let w1 = 0;
  let w2 = 0;
  let w3 = 0;
  let t = 0;
  // Every lag's samples run to t = n − 4 at least: the shortest (k + 3) has n − 3.
  for (; t + 3 < n - 3; t += 4) {
    const b0 = b[t] as number;
    const b1 = b[t + 1] as number;
    const b2 = b[t + 2] as number;
    const b3 = b[t + 3] as number;
    const a0 = a[t + k] as number;
    const a1 = a[t + k + 1] as number;
    const a2 = a[t + k + 2] as number;
    const a3 = a[t + k + 3] as number;
    const a4 = a[t + k + 4] as number;
    const a5 = a[t + k + 5] as number;
    const a6 = a[t + k + 6] as number;
    s0 += a0 * b0;
    s1 += a1 * b1;
    s2 += a2 * b2;
    s3 += a3 * b3;
    u0 += a1 * b0;
    u1 += a2 * b1;
    u2 += a3 * b2;
    u3 += a4 * b3;
    v0 += a2 * b0;
    v1 += a3 * b1;
    v2 += a4 * b2;
    v3 += a5 * b3;
    w0 += a3 * b0;
    w1 += a4 * b1;
    w2 += a5 * b2;
    w3 += a6 * b3;
  }
  sums[0] = finishLag(a, b, k, n, t, s0, s1, s2, s3);
  sums[1] = finishLag(a, b, k + 1, n - 1, t, u0, u1, u2, u3);
  sums[2] = finishLag(a, b, k + 2, n - 2, t, v0, v1, v2, v3);
  sums[3] = finishLag(a, b, k + 3, n - 3, t, w0, w1, w2, w3);
}

/** The rest of one lag's sum from sample t on, in the order of a lag summed alone. */
function finishLag(
  a: Float64Array,
  b: Float64Array,
  lag: number,
  n: number,
  from: number,
  s0: number,
  s1: number,
  s2: number,
  s3: number,
): number {
  let t = from;
  for (; t + 3 < n; t += 4) {
    s0 += (a[t + lag] as number) * (b[t] as number);
    s1 += (a[t + lag + 1] as number) * (b[t + 1] as number);
    s2 += (a[t + lag + 2] as number) * (b[t + 2] as number);
    s3 += (a[t + lag + 3] as number) * (b[t + 3] as number);
  }
  for (; t < n; t += 1) s0 += (a[t + lag] as number) * (b[t] as number);
  return s0 + s1 + s2 + s3;
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
