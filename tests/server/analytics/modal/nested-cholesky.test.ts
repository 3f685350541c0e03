import { describe, expect, it } from 'vitest';
import { cholesky, choleskySolve } from '../../../../server/analytics/linear-algebra';
import { nestedCholesky, solveLeading } from '../../../../server/analytics/modal/nested-cholesky';

// A Gram matrix XᵀX of 6 columns of a fixed 9×6 matrix: symmetric positive definite.
const size = 6;
const x = Array.from({ length: 9 }, (_, r) =>
  Array.from({ length: size }, (_, c) => Math.sin(1.3 * r + 0.7 * c * c) + (r === c ? 1 : 0)),
);
const gram = new Float64Array(size * size);
for (let p = 0; p < size; p += 1)
  for (let q = 0; q < size; q += 1)
    gram[p * size + q] = x.reduce((s, row) => s + (row[p] ?? 0) * (row[q] ?? 0), 0);

describe('one Cholesky factor for every leading block', () => {
  it('solves each leading block to the last digit as a factorisation of that block would', () => {
    const nested = nestedCholesky(gram, size);
    for (let n = 1; n <= size; n += 1) {
      const block = Array.from({ length: n }, (_, p) =>
        Array.from({ length: n }, (_, q) => gram[p * size + q] ?? 0),
      );
      const b = Array.from({ length: n }, (_, i) => Math.cos(i + n));
      expect(Array.from(solveLeading(nested, n, Float64Array.from(b)))).toEqual(
        choleskySolve(cholesky(block), b),
      );
    }
  });

  it('refuses the blocks beyond the first that is not positive definite', () => {
    // A zero on the diagonal at index 3: blocks of 4 and more are not positive definite.
    const singular = Float64Array.from(gram);
    singular[3 * size + 3] = 0;
    const nested = nestedCholesky(singular, size);
    expect(() => solveLeading(nested, 3, new Float64Array(3))).not.toThrow();
    expect(() => solveLeading(nested, 4, new Float64Array(4))).toThrow('not positive definite');
  });
});
