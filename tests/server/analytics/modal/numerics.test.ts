import { describe, expect, it } from 'vitest';
import { leftSingularVectors } from '../../../../server/analytics/modal/jacobi-svd';
import { eigenpairs } from '../../../../server/analytics/modal/real-eigen';
import {
  mac,
  modalPhaseCollinearity,
  realNormalised,
} from '../../../../server/analytics/modal/mode-shape';
import { createRng } from '../../../../server/analytics/rng';

function rotation(n: number, seed: number): Float64Array {
  // An orthogonal matrix from Gram-Schmidt on random columns (row-major).
  const rng = createRng(seed);
  const columns: number[][] = [];
  for (let j = 0; j < n; j += 1) {
    const v = Array.from({ length: n }, () => rng.normal());
    for (const u of columns) {
      const d = u.reduce((s, x, i) => s + x * (v[i] ?? 0), 0);
      u.forEach((x, i) => (v[i] = (v[i] ?? 0) - d * x));
    }
    const norm = Math.hypot(...v);
    columns.push(v.map((x) => x / norm));
  }
  const q = new Float64Array(n * n);
  columns.forEach((column, j) => column.forEach((x, i) => (q[i * n + j] = x)));
  return q;
}

describe('one-sided Jacobi SVD', () => {
  it('recovers the singular values and vectors of U·diag(s)·Vᵀ', () => {
    const n = 6;
    const u = rotation(n, 1);
    const v = rotation(n, 2);
    const s = [9, 5, 3, 1, 0.1, 0.001];
    const a = new Float64Array(n * n);
    for (let i = 0; i < n; i += 1)
      for (let j = 0; j < n; j += 1)
        for (let k = 0; k < n; k += 1)
          a[i * n + j] =
            (a[i * n + j] ?? 0) + (u[i * n + k] ?? 0) * (s[k] ?? 0) * (v[j * n + k] ?? 0);
    const result = leftSingularVectors(a, n, n);
    s.forEach((value, k) => expect(result.values[k]).toBeCloseTo(value, 10));
    for (let k = 0; k < n; k += 1) {
      const dot = Array.from(
        { length: n },
        (_, i) => (u[i * n + k] ?? 0) * (result.u[k]?.[i] ?? 0),
      ).reduce((x, y) => x + y);
      expect(Math.abs(dot)).toBeCloseTo(1, 8);
    }
  });
});

describe('non-symmetric eigenvalues and eigenvectors', () => {
  it('finds the complex and real roots of a companion matrix with their eigenvectors', () => {
    // Roots 0.9·e^{±0.3i}, 0.5·e^{±2i}, 0.7, −0.2: the characteristic polynomial's companion matrix.
    const roots: [number, number][] = [
      [0.9 * Math.cos(0.3), 0.9 * Math.sin(0.3)],
      [0.9 * Math.cos(0.3), -0.9 * Math.sin(0.3)],
      [0.5 * Math.cos(2), 0.5 * Math.sin(2)],
      [0.5 * Math.cos(2), -0.5 * Math.sin(2)],
      [0.7, 0],
      [-0.2, 0],
    ];
    let poly: [number, number][] = [[1, 0]];
    for (const [rRe, rIm] of roots) {
      const next: [number, number][] = [
        ...poly.map(([a, b]) => [a, b] as [number, number]),
        [0, 0],
      ];
      poly.forEach(([a, b], k) => {
        const target = next[k + 1] ?? [0, 0];
        target[0] -= a * rRe - b * rIm;
        target[1] -= a * rIm + b * rRe;
      });
      poly = next;
    }
    const n = roots.length;
    const a = new Float64Array(n * n);
    for (let j = 0; j < n; j += 1) a[j] = -(poly[j + 1]?.[0] ?? 0);
    for (let i = 1; i < n; i += 1) a[i * n + i - 1] = 1;
    const pairs = eigenpairs(a, n);
    const found = pairs.map((p) => [p.re, p.im]).sort((x, y) => (x[0] ?? 0) - (y[0] ?? 0));
    const expected = roots.filter(([, im]) => im >= 0).sort((x, y) => x[0] - y[0]);
    expect(found).toHaveLength(expected.length);
    found.forEach(([re, im], k) => {
      expect(re).toBeCloseTo(expected[k]?.[0] ?? 0, 10);
      expect(im).toBeCloseTo(expected[k]?.[1] ?? 0, 10);
    });
    for (const p of pairs) {
      for (let i = 0; i < n; i += 1) {
        let re = -(p.re * (p.vectorRe[i] ?? 0) - p.im * (p.vectorIm[i] ?? 0));
        let im = -(p.re * (p.vectorIm[i] ?? 0) + p.im * (p.vectorRe[i] ?? 0));
        for (let j = 0; j < n; j += 1) {
          re += (a[i * n + j] ?? 0) * (p.vectorRe[j] ?? 0);
          im += (a[i * n + j] ?? 0) * (p.vectorIm[j] ?? 0);
        }
        expect(Math.hypot(re, im)).toBeLessThan(1e-10);
      }
    }
  });

  it('keeps the trace of a random 40×40 matrix in the sum of its eigenvalues', () => {
    const rng = createRng(5);
    const n = 40;
    const a = new Float64Array(n * n).map(() => rng.normal());
    let trace = 0;
    for (let i = 0; i < n; i += 1) trace += a[i * n + i] ?? 0;
    const sum = eigenpairs(a, n).reduce((s, p) => s + (p.im > 0 ? 2 * p.re : p.re), 0);
    expect(sum).toBeCloseTo(trace, 9);
  });
});

describe('mode shape measures', () => {
  const shape = {
    re: Float64Array.from([1, -0.5, 0.25]),
    im: Float64Array.from([0.5, -0.25, 0.125]),
  };
  it('rates a shape with every entry in phase as MPC 1 and normalises it to largest magnitude 1', () => {
    expect(modalPhaseCollinearity(shape)).toBeCloseTo(1, 12);
    realNormalised(shape).forEach((value, i) =>
      expect(value).toBeCloseTo([1, -0.5, 0.25][i] ?? 0, 12),
    );
  });
  it('rates entries a quarter period apart as MPC 0 and orthogonal shapes as MAC 0', () => {
    expect(
      modalPhaseCollinearity({ re: Float64Array.from([1, 0]), im: Float64Array.from([0, 1]) }),
    ).toBeCloseTo(0, 12);
    expect(
      mac(
        { re: Float64Array.from([1, 0]), im: new Float64Array(2) },
        { re: Float64Array.from([0, 1]), im: new Float64Array(2) },
      ),
    ).toBe(0);
    expect(mac(shape, { re: shape.im, im: shape.re })).toBeCloseTo(1, 12);
  });
});
