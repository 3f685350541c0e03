import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  codecOf,
  DamagedBlockError,
  decodeBlock,
  encodeBlock,
} from '../../../server/codec/block-codec.ts';

/** Bit-for-bit equality of doubles, -0 and NaN included. */
function bitsOf(values: ArrayLike<number>): number[] {
  return Array.from(new Uint32Array(Float64Array.from(values).buffer));
}

const roundTrips = (values: number[]) => {
  const decoded = decodeBlock(encodeBlock(values));
  expect(decoded.length).toBe(values.length);
  expect(bitsOf(decoded)).toEqual(bitsOf(values));
};

const RUNS = { numRuns: 150 };
const block = <T>(value: fc.Arbitrary<T>) => fc.array(value, { minLength: 1, maxLength: 300 });

/** Decimals a logger writes: k digits after the point. */
const decimals = fc
  .tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: -1e9, max: 1e9 }))
  .map(([k, n]) => n / 10 ** k);
/** A signal with noise, on one decimal grid, as sensors send it. */
const signal = fc
  .record({
    k: fc.integer({ min: 0, max: 6 }),
    base: fc.integer({ min: -1e6, max: 1e6 }),
    noise: fc.array(fc.integer({ min: -500, max: 500 }), { minLength: 1, maxLength: 300 }),
  })
  .map(({ k, base, noise }) => noise.map((d, i) => (base + d + i * 3) / 10 ** k));

describe('block codec, exact mode: every value back bit for bit', () => {
  it('any doubles: NaN, infinities, -0, subnormals, huge and tiny', () => {
    fc.assert(fc.property(block(fc.double()), roundTrips), RUNS);
  });

  it('decimals, float32 readings and noisy signals', () => {
    fc.assert(fc.property(block(decimals), roundTrips), RUNS);
    fc.assert(fc.property(block(fc.float()), roundTrips), RUNS);
    fc.assert(fc.property(signal, roundTrips), RUNS);
  });

  it('constant runs, alternating signs, mixed magnitudes', () => {
    const special = fc.constantFrom(
      0,
      -0,
      5e-324,
      -5e-324,
      2.2250738585072014e-308,
      1e100,
      -1e100,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      1,
      -1,
      0.1,
      2 ** 53,
      -(2 ** 60),
    );
    fc.assert(fc.property(block(special), roundTrips), RUNS);
    fc.assert(
      fc.property(fc.double(), fc.integer({ min: 1, max: 1200 }), (x, n) =>
        roundTrips(Array(n).fill(x)),
      ),
      RUNS,
    );
    fc.assert(
      fc.property(block(fc.double({ noNaN: true })), (xs) =>
        roundTrips(xs.map((x, i) => (i % 2 ? -x : x))),
      ),
      RUNS,
    );
  });

  it('packs real-looking readings far below 8 bytes a sample', () => {
    const strain = Array.from(
      { length: 1000 },
      (_, i) => Math.round(1e4 * Math.sin(i / 7) + 37 * Math.cos(i)) / 100,
    );
    const bytes = encodeBlock(strain);
    expect(codecOf(bytes)).toBe('decimal');
    expect(bytes.length / strain.length).toBeLessThan(2);
    const constant = encodeBlock(Array(1000).fill(12.5));
    expect(constant.length).toBeLessThan(60);
  });
});

describe('block codec, declared resolution: within half a step', () => {
  const steps = fc.constantFrom(1, 0.5, 0.01, 1e-5, 1e-6, 0.25, 3, 0.003);
  it('every value back within half a step of what was stored', () => {
    fc.assert(
      fc.property(steps, block(fc.double({ min: -1e9, max: 1e9, noNaN: true })), (step, xs) => {
        const bytes = encodeBlock(xs, step);
        const decoded = decodeBlock(bytes);
        xs.forEach((x, i) => {
          const error = Math.abs((decoded[i] as number) - x);
          expect(error).toBeLessThanOrEqual(step / 2 + Math.abs(x) * 2 ** -52);
        });
      }),
      RUNS,
    );
  });

  it('a step of 0.01 reads back the decimals themselves; values too far out for the grid stay exact', () => {
    expect(Array.from(decodeBlock(encodeBlock([0.07, 0.3, -1.23], 0.01)))).toEqual([
      0.07, 0.3, -1.23,
    ]);
    const far = [1e90, -3.5];
    const bytes = encodeBlock(far, 1e-6);
    expect(codecOf(bytes)).not.toBe('resolution');
    expect(Array.from(decodeBlock(bytes))).toEqual(far);
  });
});

describe('block codec, damage', () => {
  it('any flipped bit is reported as damage, never as other numbers', () => {
    fc.assert(
      fc.property(
        fc.oneof(block(fc.double()), signal),
        fc.option(fc.constantFrom(0.01, 1)),
        fc.nat(),
        (xs, step, at) => {
          const bytes = encodeBlock(xs, step);
          const bit = at % (bytes.length * 8);
          bytes[bit >> 3] = (bytes[bit >> 3] as number) ^ (1 << (bit & 7));
          expect(() => decodeBlock(bytes)).toThrow(DamagedBlockError);
        },
      ),
      RUNS,
    );
  });

  it('a truncated or empty block is damaged', () => {
    const bytes = encodeBlock([1.5, 2.5, 3.5]);
    expect(() => decodeBlock(bytes.subarray(0, bytes.length - 1))).toThrow(/damaged block/);
    expect(() => decodeBlock(new Uint8Array(0))).toThrow(DamagedBlockError);
  });
});
