import { describe, expect, it } from 'vitest';
import {
  kthSmallest,
  medianOf,
  medianOfFirst,
} from '../../../server/analytics/order-statistics.ts';

/** A seeded generator, so a failure can be replayed. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('kthSmallest', () => {
  it('finds every order statistic a sort finds, on ties, runs and random values', () => {
    const random = generator(42);
    const cases = [
      [5],
      [2, 1],
      [3, 3, 3, 3],
      [1, 2, 3, 4, 5, 6, 7],
      [7, 6, 5, 4, 3, 2, 1],
      Array.from({ length: 101 }, () => Math.round(random() * 5)),
      Array.from({ length: 1000 }, () => random() - 0.5),
      Array.from({ length: 64 }, (_, i) => (i % 2 ? 1e300 : -1e-300)),
    ];
    for (const values of cases) {
      const sorted = Float64Array.from(values).sort();
      for (let k = 0; k < values.length; k += 1) {
        expect(kthSmallest(Float64Array.from(values), k)).toBe(sorted[k]);
      }
    }
  });

  it('gives the same answers when it falls back to sorting after a few rounds', () => {
    const random = generator(3);
    const values = Array.from({ length: 257 }, () => Math.round(random() * 40) - 20);
    const sorted = Float64Array.from(values).sort();
    for (const maxRounds of [0, 1, 2, 3]) {
      for (let k = 0; k < values.length; k += 1) {
        const work = Float64Array.from(values);
        const answer = kthSmallest(work, k, work.length, maxRounds);
        expect(answer).toBe(sorted[k]);
        expect(work.subarray(0, k).every((value) => value <= answer)).toBe(true);
      }
    }
  });

  it('answers NaN for a rank outside the values', () => {
    expect(kthSmallest(new Float64Array(0), 0)).toBeNaN();
    expect(kthSmallest(Float64Array.of(1, 2), 2)).toBeNaN();
  });
});

describe('medianOfFirst', () => {
  it('reads only the first values of a scratch array', () => {
    const scratch = () => Float64Array.of(5, 1, 3, 2, 1000, -1000);
    expect(medianOfFirst(scratch(), 4)).toBe(2.5);
    expect(medianOfFirst(scratch(), 3)).toBe(3);
    expect(medianOfFirst(scratch(), 0)).toBeNaN();
  });
});

describe('medianOf', () => {
  it('gives the middle of an odd count and the mean of the two middle of an even count', () => {
    const random = generator(7);
    for (let n = 1; n < 60; n += 1) {
      const values = Array.from({ length: n }, () => Math.round(random() * 20) - 10);
      const sorted = [...values].sort((a, b) => a - b);
      const mid = n >> 1;
      const expected = n % 2 ? sorted[mid] : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
      expect(medianOf(values)).toBe(expected);
    }
    expect(medianOf([])).toBeNaN();
  });

  it('leaves the array it reads as it was', () => {
    const values = [3, 1, 2];
    medianOf(values);
    expect(values).toEqual([3, 1, 2]);
  });
});
