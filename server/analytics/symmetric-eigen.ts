import { at } from './at.ts';

/**
 * Eigenvalues and eigenvectors of a small symmetric matrix by cyclic Jacobi rotations (the
 * matrices here are the modal features' covariance, 2 to 8 modes, where Jacobi is exact to
 * rounding and short). Returned largest eigenvalue first; `vectors[j]` is the j-th eigenvector.
 */
export function symmetricEigen(matrix: readonly (readonly number[])[]): {
  values: number[];
  vectors: number[][];
} {
  const n = matrix.length;
  const a = matrix.map((row) => [...row]);
  const v: number[][] = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)),
  );
  for (let sweep = 0; sweep < 60; sweep += 1) {
    let off = 0;
    for (let p = 0; p < n; p += 1) for (let q = p + 1; q < n; q += 1) off += at(at(a, p), q) ** 2;
    if (off < 1e-30) break;
    for (let p = 0; p < n; p += 1) {
      for (let q = p + 1; q < n; q += 1) {
        const apq = at(at(a, p), q);
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (at(at(a, q), q) - at(at(a, p), p)) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k += 1) {
          const akp = at(at(a, k), p);
          const akq = at(at(a, k), q);
          at(a, k)[p] = c * akp - s * akq;
          at(a, k)[q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k += 1) {
          const apk = at(at(a, p), k);
          const aqk = at(at(a, q), k);
          at(a, p)[k] = c * apk - s * aqk;
          at(a, q)[k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k += 1) {
          const vkp = at(at(v, k), p);
          const vkq = at(at(v, k), q);
          at(v, k)[p] = c * vkp - s * vkq;
          at(v, k)[q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (i, j) => at(at(a, j), j) - at(at(a, i), i),
  );
  return {
    values: order.map((i) => at(at(a, i), i)),
    vectors: order.map((i) => v.map((row) => at(row, i))),
  };
}
