/**
 * The Cholesky factor of a symmetric positive-definite matrix's leading blocks, all at once:
 * entry (i, j) of L depends only on the entries of the leading max(i, j) + 1 rows and columns,
 * so the factor of the leading n×n block is the leading block of the whole factor, to the last
 * digit. SSI-COV solves one least-squares problem per model order on the leading blocks of the
 * same Gram matrix (ssi-cov.ts); one factorisation serves every order.
 */
export interface NestedCholesky {
  /** Row-major size×size lower factor. */
  factor: Float64Array;
  size: number;
  /** Leading blocks up to this size are positive definite (and factorised). */
  positiveUpTo: number;
}

/** L·Lᵀ = the matrix (row-major size×size), as far as its leading blocks are positive definite. */
export function nestedCholesky(matrix: Float64Array, size: number): NestedCholesky {
  const factor = new Float64Array(size * size);
  for (let i = 0; i < size; i += 1) {
    for (let j = 0; j <= i; j += 1) {
      let sum = matrix[i * size + j] as number;
      for (let k = 0; k < j; k += 1)
        sum -= (factor[i * size + k] as number) * (factor[j * size + k] as number);
      if (i === j) {
        if (sum <= 0) return { factor, size, positiveUpTo: i };
        factor[i * size + i] = Math.sqrt(sum);
      } else {
        factor[i * size + j] = sum / (factor[j * size + j] as number);
      }
    }
  }
  return { factor, size, positiveUpTo: size };
}

/**
 * Solves (L_n·L_nᵀ)·x = b with L_n the leading n×n block of the factor: forward then backward
 * substitution, each sum taken in the order linear-algebra.ts's choleskySolve takes it.
 */
export function solveLeading(
  { factor, size, positiveUpTo }: NestedCholesky,
  n: number,
  b: Float64Array,
): Float64Array {
  if (n > positiveUpTo) throw new RangeError('matrix is not positive definite');
  const y = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    let sum = b[i] as number;
    for (let k = 0; k < i; k += 1) sum -= (factor[i * size + k] as number) * (y[k] as number);
    y[i] = sum / (factor[i * size + i] as number);
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i -= 1) {
    let sum = y[i] as number;
    for (let k = i + 1; k < n; k += 1) sum -= (factor[k * size + i] as number) * (x[k] as number);
    x[i] = sum / (factor[i * size + i] as number);
  }
  return x;
}
