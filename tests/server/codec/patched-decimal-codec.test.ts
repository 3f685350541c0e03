import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DamagedBlockError, decodeBlock, encodeBlock } from '../../../server/codec/block-codec.ts';
import {
  bitsOf,
  countTakenNeverLarger,
  expectEveryFlippedBitRefused,
  forged,
  oddValue,
  patchedMainRunOf,
  roundTrip,
} from '../../helpers/codec-blocks.ts';

/**
 * A decimal grid with exceptions (codec 8 with a decimal main run; decision 075, amended
 * 2026-12-01 (d)): tilt printed with 16 fixed decimals, a few small values printed in
 * e-notation with 15 significant digits, large values past 2^50 at 16 decimals.
 */
const tilt = fc
  .record({
    start: fc.integer({ min: -2_000_000, max: 2_000_000 }),
    steps: fc.array(fc.integer({ min: -40, max: 40 }), { minLength: 40, maxLength: 600 }),
    quantum: fc.integer({ min: 1, max: 119_174_364 }),
  })
  .map(({ start, steps, quantum }) => {
    let n = start;
    return steps.map((d) => {
      n += d;
      // The sensor's quantum in degrees, printed with 16 decimals as the files are.
      return Number(((n * quantum) / 1e14).toFixed(16));
    });
  });

/** Tilt with up to 8 values replaced: odd ones, e-notation small ones, large ones. */
const tiltWithOddValues = fc
  .tuple(
    tilt,
    fc.array(
      fc.tuple(
        fc.nat(),
        fc.oneof(
          oddValue,
          // e-notation printing of a small value (15 significant digits, off the 1e-16 grid)
          fc.double({ min: 1e-12, max: 1e-7, noNaN: true }).map((x) => Number(x.toPrecision(15))),
          // past 2^50 at 16 decimals
          fc.double({ min: 0.12, max: 0.3, noNaN: true }).map((x) => Number(x.toFixed(16))),
        ),
      ),
      { maxLength: 8 },
    ),
  )
  .map(([base, replaced]) => {
    const values = base.slice();
    for (const [at, value] of replaced) values[at % values.length] = value;
    return values;
  });

const isPatchedDecimal = (bytes: Uint8Array) => patchedMainRunOf(bytes) === 'decimal';

describe('a decimal grid with exceptions (codec 8, decimal main run)', () => {
  it('tilt-like blocks with odd values read back bit for bit and are never larger', () => {
    const taken = countTakenNeverLarger(
      tiltWithOddValues,
      isPatchedDecimal,
      { decimalPatched: false },
      { seed: 75, numRuns: 300 },
    );
    expect(taken).toBeGreaterThan(75);
  });

  it('a block of 16-decimal tilt with e-notation values and large ones: smaller, damage refused', () => {
    const values = Array.from({ length: 1000 }, (_, i) =>
      Number(
        (0.115 * Math.sin(i / 90) + 1.19174364955e-6 * Math.round(300 * Math.sin(i))).toFixed(16),
      ),
    );
    values[10] = 2.39921319825824e-10;
    values[500] = -5.24370850966994e-8;
    const bytes = roundTrip(values);
    expect(isPatchedDecimal(bytes)).toBe(true);
    const without = encodeBlock(values, null, { decimalPatched: false });
    expect(bytes.length).toBeLessThan(without.length);
    expect(bitsOf(decodeBlock(bytes))).toEqual(bitsOf(values));
    const small = roundTrip(values.slice(0, 60));
    expect(isPatchedDecimal(small)).toBe(true);
    expectEveryFlippedBitRefused(small);
    const at = 1 + 1 + 1; // codec, count (one byte), main run's codec, then k
    expect(() => decodeBlock(forged(small, (c) => (c[at] = 99)))).toThrow(DamagedBlockError);
  });
});
