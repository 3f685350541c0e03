import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODECS, codecOf, decodeBlock, encodeBlock } from '../../../server/codec/block-codec.ts';
import { printedFloat32, SHORTEST } from '../../../server/codec/float32-printing.ts';
import {
  expectEveryFlippedBitRefused,
  float32Sensor,
  forged,
  oddValue,
  roundTrip,
} from '../../helpers/codec-blocks.ts';

const RUNS = { numRuns: 200 };

const sensor = float32Sensor(40);

/**
 * A printed sensor with a few values replaced: odd values, 17-digit neighbours of the printed
 * value, or the neighbouring 15-digit decimal (a tie printed the other way); at the block's
 * edges too.
 */
const patchedBlock = fc
  .record({
    floats: sensor,
    printing: fc.constantFrom(15, SHORTEST, 12),
    replaced: fc.array(
      fc.record({
        at: fc.oneof(fc.constant(0), fc.constant(-1), fc.nat()),
        kind: fc.constantFrom('odd', 'near', 'otherDecimal'),
        odd: oddValue,
      }),
      { minLength: 1, maxLength: 8 },
    ),
  })
  .map(({ floats, printing, replaced }) => {
    const values = floats.map((f) => printedFloat32(f, printing));
    for (const { at, kind, odd } of replaced) {
      const i = at === -1 ? values.length - 1 : at % values.length;
      const x = values[i] as number;
      values[i] =
        kind === 'odd'
          ? odd
          : kind === 'near'
            ? x * (1 + 2 ** -45)
            : Number(Math.abs(x).toPrecision(15)) +
              Math.sign(x) * 10 ** (Math.floor(Math.log10(Math.abs(x))) - 14);
    }
    return values;
  });

describe('exact mode: a printed block with exceptions (codec 8)', () => {
  it('any few exceptions, at the edges too: bit for bit, never larger than without the codec', () => {
    let patchedBlocks = 0;
    fc.assert(
      fc.property(patchedBlock, (values) => {
        const bytes = roundTrip(values);
        if (codecOf(bytes) === 'patched') patchedBlocks += 1;
        expect(bytes.length).toBeLessThanOrEqual(
          encodeBlock(values, null, { patched: false }).length,
        );
      }),
      RUNS,
    );
    // Most of these blocks are mostly one printing: the codec is taken, not only tried.
    expect(patchedBlocks).toBeGreaterThan(RUNS.numRuns / 4);
  });

  it('ties printed the other way, as the Munich reference gauge has them, cost a few bytes each', () => {
    fc.assert(
      fc.property(sensor, fc.array(fc.nat(), { minLength: 1, maxLength: 5 }), (floats, at) => {
        const values = floats.map((f) => printedFloat32(f, 15));
        for (const a of at) {
          const i = a % values.length;
          const x = values[i] as number;
          // The 15-digit decimal one unit away: what a tie rounded the other way prints.
          const unit = 10 ** (Math.floor(Math.log10(Math.abs(x))) - 14);
          values[i] = Number((x + unit).toPrecision(15));
        }
        fc.pre(values.some((x, i) => x !== printedFloat32(Math.fround(x), 15) && i >= 0));
        const bytes = roundTrip(values);
        // Patched, or a decimal or offset grid that holds these values in fewer bytes.
        expect(['patched', 'decimal', 'offsetGrid']).toContain(codecOf(bytes));
        // Each exception costs a few bytes, not the whole block's doubles.
        expect(bytes.length).toBeLessThan(4.5 * values.length + 12 * at.length + 16);
      }),
      RUNS,
    );
  });

  it('constant runs and alternating signs with an exception; all exceptions go elsewhere', () => {
    fc.assert(
      fc.property(
        fc.float({ min: 1, max: 1e6, noNaN: true }),
        fc.integer({ min: 8, max: 500 }),
        oddValue,
        (f, n, odd) => {
          const x = printedFloat32(f, 15);
          const run = Array<number>(n).fill(x);
          run[n >> 1] = odd;
          roundTrip(run);
          roundTrip(run.map((v, i) => (i % 2 ? -v : v)));
        },
      ),
      RUNS,
    );
    const all = Array.from({ length: 100 }, (_, i) => (1 + i * 2 ** -40) * 3);
    expect(codecOf(roundTrip(all))).not.toBe('patched');
  });

  it('a flipped bit or a main run naming no grid (checksum forged) is damage', () => {
    const values = Array.from({ length: 40 }, (_, i) =>
      printedFloat32(Math.fround(-144.83 + Math.sin(i) * 0.37), 15),
    );
    values[7] = 0.1 + 0.2; // 17 digits
    const bytes = encodeBlock(values);
    expect(codecOf(bytes)).toBe('patched');
    expectEveryFlippedBitRefused(bytes);
    const forge = (change: (copy: Uint8Array) => void) => () => decodeBlock(forged(bytes, change));
    // After the codec and the 1-byte count: the main run's codec.
    expect(forge((c) => (c[2] = CODECS.xor))).toThrow(/names no grid/);
    expect(forge((c) => (c[2] = CODECS.patched))).toThrow(/names no grid/);
    expect(forge((c) => (c[3] = 99))).toThrow(/unknown float32 printing/);
  });
});

describe('resolution mode: values too far from 0 for the grid kept exactly (codec 8)', () => {
  it('a few overrange markers: they read back exactly, the rest within half a step', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e4, max: 1e4, noNaN: true }), {
          minLength: 20,
          maxLength: 300,
        }),
        fc.constantFrom(0.01, 0.001, 0.5, 1e-5),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(1e38, -1e38, Number.MAX_VALUE, 1e300)), {
          minLength: 1,
          maxLength: 4,
        }),
        (values, step, markers) => {
          const marked = new Set<number>();
          for (const [at, marker] of markers) {
            values[at % values.length] = marker;
            marked.add(at % values.length);
          }
          fc.pre(marked.size < values.length);
          const bytes = encodeBlock(values, step);
          expect(codecOf(bytes)).toBe('patched');
          const back = decodeBlock(bytes);
          values.forEach((x, i) => {
            if (marked.has(i)) expect(back[i]).toBe(x);
            else
              expect(Math.abs((back[i] as number) - x)).toBeLessThanOrEqual(
                step / 2 + Math.abs(x) * 2 ** -52,
              );
          });
        },
      ),
      RUNS,
    );
    // Every value out of range: the block is stored exactly, as before.
    expect(codecOf(encodeBlock([1e300, -1e300, 1e300], 0.01))).not.toBe('patched');
  });
});
