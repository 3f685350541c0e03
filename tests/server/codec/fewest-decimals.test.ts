import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fewestDecimals, MAX_DECIMALS } from '../../../server/codec/grids.ts';
import { MAX_PACKED_INTEGER } from '../../../server/codec/integer-sequence.ts';

/**
 * The patched decimal grid's per-value search starts at the value before's k (decision 075,
 * amended 2026-12-02): it must find what the scan from 0 found for every double and every hint,
 * or a block's k, and so its bytes, would change.
 */
const POWERS = Array.from({ length: MAX_DECIMALS + 1 }, (_, k) => Number(`1e${k}`));
function scannedFromZero(x: number): number {
  for (let k = 0; k <= MAX_DECIMALS; k += 1) {
    const n = Math.round(x * (POWERS[k] as number));
    if (Math.abs(n) < MAX_PACKED_INTEGER && n / (POWERS[k] as number) === x) return k;
  }
  return MAX_DECIMALS + 1;
}

/** Decimals with 0 to 22 places, near the 2^50 bound at their k, and any doubles. */
const decimals = fc.oneof(
  fc
    .tuple(fc.integer({ min: 0, max: MAX_DECIMALS }), fc.bigInt({ min: 0n, max: 2n ** 53n }))
    .map(([k, n]) => Number(n) / (POWERS[k] as number)),
  fc
    .tuple(fc.integer({ min: 0, max: 17 }), fc.integer({ min: -40, max: 40 }))
    .map(([k, d]) => (MAX_PACKED_INTEGER + d) / (POWERS[k] as number)),
  fc.integer({ min: -2_000_000, max: 2_000_000 }).map((n) => Number((n / 1e9).toFixed(16))),
  fc.double({ noNaN: false }),
  fc.constantFrom(0, -0, 5e-324, 1e-22, 0.1126, 0.11259, 1e38, Infinity, -Infinity, NaN),
);

describe('the fewest decimals a value needs', () => {
  it('is what scanning from 0 finds, whatever the hint', () => {
    fc.assert(
      fc.property(
        decimals,
        fc.boolean(),
        fc.integer({ min: 0, max: MAX_DECIMALS }),
        (magnitude, negative, hint) => {
          const x = negative ? -magnitude : magnitude;
          expect(fewestDecimals(x, hint)).toBe(scannedFromZero(x));
        },
      ),
      { numRuns: 20_000, seed: 202612 },
    );
  });

  it('finds none for values on no grid and 0 for -0', () => {
    expect(fewestDecimals(Math.PI, 5)).toBe(MAX_DECIMALS + 1);
    expect(fewestDecimals(0.1 + 0.2, 16)).toBe(MAX_DECIMALS + 1);
    expect(fewestDecimals(-0, 9)).toBe(0);
  });
});
