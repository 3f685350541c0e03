import { leftSingularVectors } from './jacobi-svd.ts';
import type { ComplexShape } from './mode-shape.ts';
import { blockToeplitz, outputCorrelations, type PreparedRecord } from './output-correlations.ts';
import { nestedCholesky, solveLeading } from './nested-cholesky.ts';
import { eigenpairs } from './real-eigen.ts';

/** One physical-looking pole of the identified model at one order. */
export interface Pole {
  order: number;
  frequencyHz: number;
  dampingRatio: number;
  shape: ComplexShape;
}

export interface SsiOptions {
  rateHz: number;
  /** Block rows i of the Toeplitz matrix (lags up to 2i − 1). */
  blockRows: number;
  /** Model orders (state dimensions) to identify, e.g. 2, 4, ..., 60. */
  orders: readonly number[];
}

export interface SsiResult {
  poles: Pole[];
  singularValues: Float64Array;
}

/**
 * Covariance-driven stochastic subspace identification (Peeters & De Roeck 1999): the block
 * Toeplitz matrix of output correlations is factorised by SVD, T = U S Vᵀ; for each order n the
 * observability matrix is O = U_n S_n^½, C its first block row, and A solves O↑·A = O↓ (O↑ without
 * its last block row, O↓ without its first) in the least-squares sense. Poles μ of A give the
 * continuous-time λ = ln(μ)/Δt, frequency |λ|/2π, damping ratio −Re λ/|λ|, and shapes C·ψ.
 */
export function ssiCov(record: PreparedRecord, options: SsiOptions): SsiResult {
  const l = record.channels.length;
  const { blockRows, orders, rateHz } = options;
  const maxOrder = Math.max(...orders);
  const size = l * blockRows;
  if (maxOrder > size)
    throw new RangeError(`model order ${maxOrder} exceeds the Toeplitz size ${size}`);
  const correlations = outputCorrelations(record, 2 * blockRows - 1);
  const toeplitz = blockToeplitz(correlations, l, blockRows);
  const { values, u } = leftSingularVectors(toeplitz, size, size);
  const basis = u.slice(0, maxOrder);
  // Gram products of the leading singular vectors, shifted by one block row; every order's
  // least-squares problem uses their leading n×n blocks.
  const upRows = size - l;
  const gram = new Float64Array(maxOrder * maxOrder);
  const cross = new Float64Array(maxOrder * maxOrder);
  for (let p = 0; p < maxOrder; p += 1) {
    const up = basis[p] ?? new Float64Array(size);
    for (let q = 0; q < maxOrder; q += 1) {
      const uq = basis[q] ?? new Float64Array(size);
      let g = 0;
      let c = 0;
      for (let r = 0; r < upRows; r += 1) {
        g += (up[r] ?? 0) * (uq[r] ?? 0);
        c += (up[r] ?? 0) * (uq[r + l] ?? 0);
      }
      gram[p * maxOrder + q] = g;
      cross[p * maxOrder + q] = c;
    }
  }
  const dt = 1 / rateHz;
  const poles: Pole[] = [];
  const factor = nestedCholesky(gram, maxOrder);
  for (const n of orders) {
    const root = Array.from({ length: n }, (_, k) => Math.sqrt(values[k] ?? 0));
    if (root.some((value) => value <= 0)) continue;
    // A = S^-½ (U↑ᵀU↑)⁻¹ U↑ᵀU↓ S^½, column by column.
    const a = new Float64Array(n * n);
    const rhs = new Float64Array(n);
    for (let q = 0; q < n; q += 1) {
      for (let p = 0; p < n; p += 1) rhs[p] = cross[p * maxOrder + q] as number;
      const column = solveLeading(factor, n, rhs);
      for (let p = 0; p < n; p += 1)
        a[p * n + q] = ((column[p] ?? 0) * (root[q] ?? 0)) / (root[p] ?? 1);
    }
    for (const pair of eigenpairs(a, n)) {
      if (pair.im <= 0) continue;
      const magnitude = Math.hypot(pair.re, pair.im);
      const lambdaRe = Math.log(magnitude) / dt;
      const lambdaIm = Math.atan2(pair.im, pair.re) / dt;
      const omega = Math.hypot(lambdaRe, lambdaIm);
      const shape: ComplexShape = { re: new Float64Array(l), im: new Float64Array(l) };
      // C = first block row of O = U_n S_n^½.
      for (let ch = 0; ch < l; ch += 1) {
        let sRe = 0;
        let sIm = 0;
        for (let k = 0; k < n; k += 1) {
          const c = ((basis[k] ?? new Float64Array(size))[ch] ?? 0) * (root[k] ?? 0);
          sRe += c * (pair.vectorRe[k] ?? 0);
          sIm += c * (pair.vectorIm[k] ?? 0);
        }
        shape.re[ch] = sRe;
        shape.im[ch] = sIm;
      }
      poles.push({
        order: n,
        frequencyHz: omega / (2 * Math.PI),
        dampingRatio: -lambdaRe / omega,
        shape,
      });
    }
  }
  return { poles, singularValues: values };
}
