import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printedFloat32, SHORTEST } from '../../../server/codec/float32-printing.ts';

/** A float32 from its bit pattern. */
function floatOf(pattern: number): number {
  return new Float32Array(Uint32Array.of(pattern).buffer)[0] as number;
}

/** Significant digits of a decimal double with at most 17 (its shortest double printing). */
const digitsOf = (x: number) => (x.toExponential().split('e')[0] ?? '').replace(/[-.]/g, '').length;

/**
 * The q-digit decimals just below and just above the positive float32 `a`, from `a`'s exact
 * decimal expansion (BigInt: a = m × 2^e exactly), not from the code under test.
 */
function bracket(a: number, q: number): [number, number] {
  const bits = new Uint32Array(Float32Array.of(a).buffer)[0] as number;
  const exponentBits = (bits >>> 23) & 0xff;
  const mantissa = BigInt((bits & 0x7fffff) + (exponentBits === 0 ? 0 : 0x800000));
  const e = (exponentBits === 0 ? 1 : exponentBits) - 150;
  // a = n / 10^k exactly.
  const k = e < 0 ? -e : 0;
  const n = e < 0 ? mantissa * 5n ** BigInt(-e) : mantissa * 2n ** BigInt(e);
  const text = n.toString();
  const drop = text.length - q;
  if (drop <= 0) return [a, a];
  const floor = BigInt(text.slice(0, q));
  const exact = floor * 10n ** BigInt(drop) === n;
  const scale = drop - k;
  return [Number(`${floor}e${scale}`), Number(`${exact ? floor : floor + 1n}e${scale}`)];
}

describe('the shortest round-trip printing of a float32', () => {
  it('agrees with numpy (Dragon4, unique) on 1,784 float32s: random, every power of two, subnormals, the largest', () => {
    const fixture = JSON.parse(
      readFileSync(new URL('float32-shortest.fixture.json', import.meta.url), 'utf8'),
    ) as { pairs: [number, string][] };
    const wrong = fixture.pairs.filter(
      ([pattern, text]) => printedFloat32(floatOf(pattern), SHORTEST) !== Number(text),
    );
    expect(wrong).toEqual([]);
    expect(fixture.pairs.length).toBe(1784);
  });

  it('parses back to the float32, and no decimal with fewer digits does', () => {
    const finiteFloat = fc.float({ noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(finiteFloat, (f) => {
        const printed = printedFloat32(f, SHORTEST);
        expect(Object.is(Math.fround(printed), f)).toBe(true);
        const a = Math.abs(f);
        if (a === 0) return;
        const q = digitsOf(printed) - 1;
        if (q < 1) return;
        // The decimals that parse back to `a` are an interval around it: if one had q digits,
        // the q-digit decimal just below or just above `a` would be one.
        for (const candidate of bracket(a, q)) expect(Math.fround(candidate)).not.toBe(a);
      }),
      { numRuns: 3000 },
    );
  });

  it('p digits without the text (the scaled printing, decision 075) equal toPrecision(p) for any float32', () => {
    fc.assert(
      fc.property(
        fc.float({ noNaN: true, noDefaultInfinity: true }),
        fc.integer({ min: 1, max: 17 }),
        (f, p) => {
          const a = Math.abs(f);
          const text = a === 0 ? f : Math.sign(f) * Number(a.toPrecision(p));
          expect(Object.is(printedFloat32(f, p), text)).toBe(true);
        },
      ),
      { numRuns: 20000 },
    );
    // Ties and near-ties, where the scaled product's rounding could move the last digit.
    for (const f of [0.5, 1.5, 2.5, 144.830413818359, 1.60000002384186, 9.999999, 1e-10]) {
      for (let p = 1; p <= 15; p += 1) {
        const x = Math.fround(f);
        expect(printedFloat32(x, p)).toBe(Number(x.toPrecision(p)));
      }
    }
  });

  it('decides exact ties without the text as toPrecision(p) does (the larger decimal)', () => {
    // m / 2^s is a float32 whose decimal expansion ends in 5 at s places: halfway between two
    // decimals with one digit fewer, the case the scaled printing decides from the product's
    // exact error (decision 075, 2026-11-30 amendment).
    let ties = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 24 - 1 }),
        fc.integer({ min: 1, max: 30 }),
        fc.boolean(),
        (m, s, negative) => {
          const x = (negative ? -m : m) / 2 ** s;
          for (let p = 1; p <= 15; p += 1) {
            const text = Math.sign(x) * Number(Math.abs(x).toPrecision(p));
            if (/5e/.test(Math.abs(x).toExponential(p)) && Number(x.toExponential(p)) === x) {
              ties += 1;
            }
            expect(Object.is(printedFloat32(x, p), text)).toBe(true);
          }
        },
      ),
      { numRuns: 5000 },
    );
    expect(ties).toBeGreaterThan(1000);
  });

  it('keeps -0, the infinities and the sign; p digits are toPrecision(p) of the float32', () => {
    expect(Object.is(printedFloat32(-0, SHORTEST), -0)).toBe(true);
    expect(printedFloat32(-Infinity, 15)).toBe(-Infinity);
    expect(printedFloat32(Math.fround(0.1), SHORTEST)).toBe(0.1);
    expect(printedFloat32(Math.fround(-1.6), SHORTEST)).toBe(-1.6);
    expect(printedFloat32(Math.fround(1.6), 15)).toBe(1.60000002384186);
    expect(printedFloat32(floatOf(0x7f7fffff), SHORTEST)).toBe(3.4028235e38);
    expect(printedFloat32(floatOf(1), SHORTEST)).toBe(1e-45);
  });
});
