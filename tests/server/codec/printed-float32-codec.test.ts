import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codecOf, decodeBlock, encodeBlock } from '../../../server/codec/block-codec.ts';
import { printedFloat32, SHORTEST } from '../../../server/codec/float32-printing.ts';
import {
  bitsOf,
  expectEveryFlippedBitRefused,
  float32Sensor,
  forged,
  roundTrip,
} from '../../helpers/codec-blocks.ts';

const RUNS = { numRuns: 150 };
const float32 = fc.float({ noNaN: true, noDefaultInfinity: true });
const sensor = float32Sensor(50);
const printing = fc.constantFrom(SHORTEST, 15, 9, 12, 17);
const printed = (floats: number[], p: number) => floats.map((f) => printedFloat32(f, p));

describe('exact mode: float32 readings printed as decimals', () => {
  it('a sensor printed shortest or to 15 digits: under 4.5 bytes a sample, never more than without the codec', () => {
    fc.assert(
      fc.property(sensor, fc.constantFrom(SHORTEST, 15), (floats, p) => {
        const values = printed(floats, p);
        fc.pre(values.some((x, i) => x !== floats[i])); // not float32s themselves
        const bytes = roundTrip(values);
        const before = encodeBlock(values, null, { printedFloat32: false });
        expect(bytes.length).toBeLessThanOrEqual(before.length);
        expect(bytes.length).toBeLessThan(4.5 * values.length + 16);
        // Short decimals (0.0001) may pack smaller on the decimal grid; 15 digits never do.
        if (p === 15) expect(codecOf(bytes)).toBe('printedFloat32');
        else expect([codecOf(before), 'printedFloat32']).toContain(codecOf(bytes));
      }),
      RUNS,
    );
  });

  it('any float32s in any printing, with ±0, subnormals and the largest float32, read back bit for bit', () => {
    const special = fc.constantFrom(
      0,
      -0,
      1.401298464324817e-45, // the least subnormal float32
      -1.1754942106924411e-38, // the largest subnormal
      1.1754943508222875e-38, // the least normal
      3.4028234663852886e38, // the largest float32
      -3.4028234663852886e38,
      1,
      -1,
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(float32, special), { minLength: 1, maxLength: 300 }),
        printing,
        (floats, p) => {
          roundTrip(printed(floats, p));
        },
      ),
      RUNS,
    );
  });

  it('constant runs and alternating signs', () => {
    fc.assert(
      fc.property(float32, fc.integer({ min: 1, max: 500 }), printing, (f, n, p) => {
        const run = roundTrip(printed(Array<number>(n).fill(f), p));
        expect(run.length).toBeLessThan(40);
        roundTrip(
          printed(
            Array.from({ length: n }, (_, i) => (i % 2 ? -f : f)),
            p,
          ),
        );
      }),
      RUNS,
    );
  });

  it('one value that is no printing of a float32 sends the block to another codec, still bit for bit', () => {
    fc.assert(
      fc.property(
        sensor,
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: -20, max: 20 }),
        fc.nat(),
        (floats, k, scale, at) => {
          const values = printed(floats, 15);
          // 17 digits, far finer than a float32: its float32 is 2^scale, printed as itself.
          values[at % values.length] = (1 + k * 2 ** -40) * 2 ** scale;
          const bytes = roundTrip(values);
          expect(codecOf(bytes)).not.toBe('printedFloat32');
        },
      ),
      RUNS,
    );
    // Two printings mixed in one block: no one printing fits all, so another codec.
    const mixed = [
      printedFloat32(Math.fround(0.1), SHORTEST),
      printedFloat32(Math.fround(0.2), 15),
    ];
    expect(codecOf(roundTrip([...mixed, ...mixed]))).not.toBe('printedFloat32');
  });

  it('a flipped bit is damage; a printing byte no encoder writes is damage too', () => {
    const values = printed([1.5, 2.25, -3.1, 0.7].map(Math.fround), 15);
    // Four values pack smaller on an offset grid (decision 075): this is codec 7's damage test.
    const bytes = encodeBlock(values, null, { offsetGrid: false });
    expect(codecOf(bytes)).toBe('printedFloat32');
    expectEveryFlippedBitRefused(bytes);
    // The printing byte (after the codec and the 1-byte count).
    const unknownPrinting = forged(bytes, (copy) => (copy[2] = 18));
    expect(() => decodeBlock(unknownPrinting)).toThrow(/unknown float32 printing/);
  });

  it('the codec is left out when asked (the bench\'s "before"), and blocks decode the same', () => {
    const values = printed([1.5, 2.25, -3.1, 0.7].map(Math.fround), 15);
    const before = encodeBlock(values, null, { printedFloat32: false });
    expect(codecOf(before)).not.toBe('printedFloat32');
    expect(bitsOf(decodeBlock(before))).toEqual(bitsOf(values));
  });
});
