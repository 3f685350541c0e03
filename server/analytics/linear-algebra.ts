import { at } from './at.ts';
// The few dense linear-algebra routines the detectors need, on plain arrays (dimensions are
// tens at most, so clarity beats a library).

/** Cholesky factor L (lower, row-major) of a symmetric positive-definite n×n matrix. */
export function cholesky(matrix: readonly number[][]): number[][] {
  const n = matrix.length;
  const l = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i += 1) {
    for (let j = 0; j <= i; j += 1) {
      let sum = at(at(matrix, i), j);
      for (let k = 0; k < j; k += 1) sum -= at(at(l, i), k) * at(at(l, j), k);
      if (i === j) {
        if (sum <= 0) throw new RangeError('matrix is not positive definite');
        at(l, i)[i] = Math.sqrt(sum);
      } else {
        at(l, i)[j] = sum / at(at(l, j), j);
      }
    }
  }
  return l;
}

/** Solves (L·Lᵀ)·x = b. */
export function choleskySolve(l: readonly number[][], b: readonly number[]): number[] {
  const n = l.length;
  const y = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i += 1) {
    let sum = at(b, i);
    for (let k = 0; k < i; k += 1) sum -= at(at(l, i), k) * at(y, k);
    y[i] = sum / at(at(l, i), i);
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i -= 1) {
    let sum = at(y, i);
    for (let k = i + 1; k < n; k += 1) sum -= at(at(l, k), i) * at(x, k);
    x[i] = sum / at(at(l, i), i);
  }
  return x;
}

/** Inverse of a symmetric positive-definite matrix. */
export function inverseSpd(matrix: readonly number[][]): number[][] {
  const l = cholesky(matrix);
  const n = matrix.length;
  const columns = Array.from({ length: n }, (_, j) =>
    choleskySolve(
      l,
      Array.from({ length: n }, (_, i) => (i === j ? 1 : 0)),
    ),
  );
  return Array.from({ length: n }, (_, i) => columns.map((column) => at(column, i)));
}

/**
 * Ridge least squares: coefficients β minimising |y − Xβ|² + λ|β|² over the rows where y is
 * finite. The small λ keeps collinear context columns solvable.
 */
export function ridgeRegression(
  x: readonly number[][],
  y: readonly number[],
  lambda = 1e-6,
): number[] {
  const p = x[0]?.length ?? 0;
  const xtx = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  const xty = new Array<number>(p).fill(0);
  x.forEach((row, r) => {
    const target = at(y, r);
    if (!Number.isFinite(target)) return;
    for (let i = 0; i < p; i += 1) {
      xty[i] = at(xty, i) + at(row, i) * target;
      for (let j = 0; j < p; j += 1) at(xtx, i)[j] = at(at(xtx, i), j) + at(row, i) * at(row, j);
    }
  });
  for (let i = 0; i < p; i += 1) at(xtx, i)[i] = at(at(xtx, i), i) + lambda;
  return choleskySolve(cholesky(xtx), xty);
}
