import { describe, expect, it } from 'vitest';
import {
  outputCorrelations,
  prepareRecord,
} from '../../../../server/analytics/modal/output-correlations';

/** R_k(a, b) summed the plain way: one running total over the rows both present. */
function plainCorrelation(channels: Float64Array[], mask: Uint8Array, k: number): number[] {
  const l = channels.length;
  const r: number[] = [];
  for (let a = 0; a < l; a += 1) {
    for (let b = 0; b < l; b += 1) {
      let sum = 0;
      let pairs = 0;
      for (let t = 0; t + k < mask.length; t += 1) {
        sum += (channels[a]?.[t + k] ?? 0) * (channels[b]?.[t] ?? 0);
        pairs += (mask[t] ?? 0) * (mask[t + k] ?? 0);
      }
      r.push(pairs > 0 ? sum / pairs : 0);
    }
  }
  return r;
}

describe('output correlations summed by block cross-spectra', () => {
  // Lengths that leave a partial last block, lag counts giving transforms of 64 and 256 samples,
  // a record shorter than its lags, and a 20-sample gap that is dropped from the sums.
  it.each([
    [1001, 6],
    [1002, 7],
    [1003, 9],
    [1004, 4],
    [13, 10],
    [3001, 39],
    [5, 8],
  ])('match the plain sums for %i samples and lags 0..%i', (samples, maxLag) => {
    const raw = [0.3, 1.1, 2.3].map((w, c) =>
      Float64Array.from({ length: samples }, (_, t) =>
        c === 1 && t >= 400 && t < 420 ? Number.NaN : Math.sin(w * t) + 0.1 * Math.cos(7 * t * t),
      ),
    );
    const record = prepareRecord(raw);
    const correlations = outputCorrelations(record, maxLag);
    expect(correlations).toHaveLength(maxLag + 1);
    correlations.forEach((r, k) => {
      const plain = plainCorrelation(record.channels, record.mask, k);
      Array.from(r).forEach((value, i) => expect(value).toBeCloseTo(plain[i] ?? Number.NaN, 12));
    });
  });
});
