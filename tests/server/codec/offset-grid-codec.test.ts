import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CODECS,
  codecOf,
  DamagedBlockError,
  decodeBlock,
  encodeBlock,
} from '../../../server/codec/block-codec.ts';
import {
  countTakenNeverLarger,
  expectEveryFlippedBitRefused,
  forged,
  oddValue,
  roundTrip,
} from '../../helpers/codec-blocks.ts';

/** A fixed seed: the share of runs taking the codec is counted, so it must not vary. */
const RUNS = { numRuns: 200, seed: 34 };

/**
 * A logger's zero-corrected readings: float32-like steps n·2^-k (a random walk) less a zero
 * reading, each the double nearest n·2^-k + c, or, as the Munich lowered-support files are,
 * also a few units of 2^-44 off that (their rounding at a larger magnitude and gain).
 */
const shiftedGrid = fc
  .record({
    k: fc.integer({ min: 8, max: 30 }),
    zero: fc.double({ min: 50, max: 150, noNaN: true }),
    sign: fc.constantFrom(1, -1),
    walk: fc.array(
      fc.record({
        step: fc.integer({ min: -4000, max: 4000 }),
        off: fc.integer({ min: -7, max: 7 }),
      }),
      { minLength: 64, maxLength: 1000 },
    ),
    rounded: fc.boolean(),
  })
  .map(({ k, zero, sign, walk, rounded }) => {
    let n = 0;
    return walk.map(({ step, off }) => {
      n += step;
      return sign * (n * 2 ** -k + zero + (rounded ? off * 2 ** -44 : 0));
    });
  });

/** Like the Munich files: 2^-17 steps near 100, each a few units of 2^-44 off the grid. */
function munichLike(length: number, k: number): number[] {
  let n = 0;
  let noise = 1;
  return Array.from({ length }, () => {
    noise = (noise * 16807) % 2147483647;
    n += (noise % 40_001) - 20_000;
    return n * 2 ** -k + 100.1234567 + ((noise % 15) - 7) * 2 ** -44;
  });
}

describe('exact mode: a grid shifted by a constant (codec 9, decision 075)', () => {
  it('zero-corrected readings come back bit for bit, take the offset grid in most runs and never grow', () => {
    const taken = countTakenNeverLarger(
      shiftedGrid,
      (bytes) => codecOf(bytes) === 'offsetGrid',
      { offsetGrid: false },
      RUNS,
    );
    expect(taken).toBeGreaterThan(RUNS.numRuns / 2);
  });

  it('one value off the grid (odd, or one unit in its last place away) still comes back bit for bit, at the edges too', () => {
    fc.assert(
      fc.property(
        shiftedGrid,
        fc.oneof(fc.constant(0), fc.constant(-1), fc.nat()),
        fc.oneof(oddValue, fc.constant('nudge' as const)),
        (values, at, odd) => {
          const i = at === -1 ? values.length - 1 : at % values.length;
          const x = values[i] as number;
          values[i] = odd === 'nudge' ? x + Math.abs(x) * 2 ** -52 : odd;
          const bytes = roundTrip(values);
          expect(bytes.length).toBeLessThanOrEqual(
            encodeBlock(values, null, { offsetGrid: false }).length,
          );
        },
      ),
      { numRuns: 300, seed: 35 },
    );
  });

  it('adversarial blocks come back bit for bit: ±0, subnormals, huge and tiny, constant runs, alternating signs', () => {
    const blocks: number[][] = [
      [0, -0, 0, -0],
      [5e-324, -5e-324, 1e-310, 2.2250738585072014e-308],
      [1e308, -1e308, Number.MAX_VALUE, -Number.MAX_VALUE, 1e-300],
      Array.from({ length: 500 }, () => 0.1 + 2 ** -20),
      Array.from({ length: 500 }, (_, i) => (i % 2 === 0 ? 1 : -1) * (3.5 + i * 2 ** -17)),
      Array.from({ length: 300 }, (_, i) => (i % 2 === 0 ? 2 ** 52 : -(2 ** 52)) + i),
      Array.from({ length: 300 }, (_, i) => (i % 2 === 0 ? 1e-300 : -1e-300) * (1 + i)),
      // A shifted grid crossing 0, so a few values carry digits far finer than the grid's.
      Array.from({ length: 400 }, (_, i) => (i - 200) * 2 ** -17 + 3.0517578125e-7 / 3),
    ];
    for (const values of blocks) roundTrip(values);
    fc.assert(
      fc.property(shiftedGrid, fc.array(oddValue, { minLength: 1, maxLength: 6 }), (grid, odd) => {
        roundTrip([...odd, ...grid, ...odd]);
      }),
      { numRuns: 200, seed: 36 },
    );
  });

  it('a lowered-support strain block as the Munich loggers wrote it packs under 3 bytes a sample', () => {
    const values = munichLike(1000, 17);
    const bytes = roundTrip(values);
    expect(codecOf(bytes)).toBe('offsetGrid');
    expect(bytes.length).toBeLessThan(3 * values.length);
    expect(encodeBlock(values, null, { offsetGrid: false }).length).toBeGreaterThan(
      4 * values.length,
    );
  });

  it('every flipped bit of an offset-grid block is refused as damage, and so is a forged header', () => {
    const values = munichLike(200, 18);
    const bytes = encodeBlock(values);
    expect(codecOf(bytes)).toBe('offsetGrid');
    expect(bytes[0]).toBe(CODECS.offsetGrid);
    expectEveryFlippedBitRefused(bytes);
    // After the codec and the 2-byte count: digits, shift, then the base's 8 bytes.
    const headerAt = 3;
    const shiftTooLarge = forged(bytes, (copy) => (copy[headerAt + 1] = 53));
    expect(() => decodeBlock(shiftTooLarge)).toThrow(/offset grid header/);
    const baseNotFinite = forged(bytes, (copy) => {
      new DataView(copy.buffer).setFloat64(headerAt + 2, Number.NaN, true);
    });
    expect(() => decodeBlock(baseNotFinite)).toThrow(/offset grid header/);
    const shiftPushedFar = forged(bytes, (copy) => (copy[headerAt + 1] = 52));
    expect(() => decodeBlock(shiftPushedFar)).toThrow(DamagedBlockError);
  });

  it('a codec id no decoder knows is damage, as codec 9 is to the decoders before it', () => {
    const bytes = encodeBlock([1.5, 2.5, 3.5]);
    const unknown = forged(bytes, (copy) => (copy[0] = 10));
    expect(() => decodeBlock(unknown)).toThrow(/unknown codec 10/);
  });
});
