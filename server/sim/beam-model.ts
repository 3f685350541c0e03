import { cholesky } from '../analytics/linear-algebra.ts';
import { symmetricEigen } from '../analytics/symmetric-eigen.ts';
import type { ModalStructure } from './modal-response.ts';

/**
 * A simply supported Euler-Bernoulli beam of equal finite elements (cubic Hermite elements with
 * consistent mass, e.g. Przemieniecki, Theory of Matrix Structural Analysis, §11), accelerometers
 * at chosen points along it, and a stiffness loss in chosen elements.
 */
export interface BeamSpec {
  spanM: number;
  elements: number;
  /** First natural frequency of the undamaged pinned beam; sets EI/m (mass 1 per metre). */
  f1Hz?: number;
  /** Or the section given directly (a cable: its bending stiffness, mass and tension). */
  bendingStiffnessNm2?: number;
  massPerM?: number;
  /** Axial tension (N): adds the geometric stiffness of a string. */
  tensionN?: number;
  /** Pinned (simply supported, default) or clamped at both ends (a cable in its anchorages). */
  ends?: 'pinned' | 'clamped';
  /** Sensor positions along the span (m). */
  sensorsM: number[];
  /** Stiffness factor per element (1 undamaged, 0.9 for a 10 % loss); default all 1. */
  stiffnessFactors?: number[];
  dampingRatios: number[];
  /** Modes kept (lowest first). */
  modes: number;
}

export interface BeamModel extends ModalStructure {
  /** Mass-normalised shapes at the sensors (mode × sensor) as `shapes`; this samples x too. */
  shapeAt(mode: number, xM: number): number;
}

/** The sensors at x = k·L/(n + 1), k = 1..n: equally spaced, none on a support. */
export function evenSensors(spanM: number, count: number): number[] {
  return Array.from({ length: count }, (_, k) => ((k + 1) * spanM) / (count + 1));
}

export function beamModel(spec: BeamSpec): BeamModel {
  const { spanM, elements } = spec;
  const le = spanM / elements;
  const massPerM = spec.massPerM ?? 1;
  // Pinned beam: ω₁ = (π/L)²√(EI/m).
  const ei =
    spec.bendingStiffnessNm2 ??
    massPerM * (2 * Math.PI * (spec.f1Hz ?? 1) * (spanM / Math.PI) ** 2) ** 2;
  const tension = spec.tensionN ?? 0;
  // Geometric stiffness of a tensioned element (Przemieniecki §15), times T/(30·le).
  const kg = [
    [36, 3 * le, -36, 3 * le],
    [3 * le, 4 * le * le, -3 * le, -le * le],
    [-36, -3 * le, 36, -3 * le],
    [3 * le, -le * le, -3 * le, 4 * le * le],
  ];
  const dofs = 2 * (elements + 1);
  const k = Array.from({ length: dofs }, () => new Array<number>(dofs).fill(0));
  const m = Array.from({ length: dofs }, () => new Array<number>(dofs).fill(0));
  const ke = [
    [12, 6 * le, -12, 6 * le],
    [6 * le, 4 * le * le, -6 * le, 2 * le * le],
    [-12, -6 * le, 12, -6 * le],
    [6 * le, 2 * le * le, -6 * le, 4 * le * le],
  ];
  const me = [
    [156, 22 * le, 54, -13 * le],
    [22 * le, 4 * le * le, 13 * le, -3 * le * le],
    [54, 13 * le, 156, -22 * le],
    [-13 * le, -3 * le * le, -22 * le, 4 * le * le],
  ];
  for (let e = 0; e < elements; e += 1) {
    const stiffness = (ei * (spec.stiffnessFactors?.[e] ?? 1)) / le ** 3;
    const mass = (massPerM * le) / 420;
    const geometric = tension / (30 * le);
    for (let a = 0; a < 4; a += 1) {
      for (let b = 0; b < 4; b += 1) {
        const row = k[2 * e + a] as number[];
        row[2 * e + b] =
          (row[2 * e + b] as number) +
          stiffness * (ke[a]?.[b] ?? 0) +
          geometric * (kg[a]?.[b] ?? 0);
        const mrow = m[2 * e + a] as number[];
        mrow[2 * e + b] = (mrow[2 * e + b] as number) + mass * (me[a]?.[b] ?? 0);
      }
    }
  }
  // Simply supported: no deflection at either end; clamped: no rotation either.
  const fixed = spec.ends === 'clamped' ? [0, 1, dofs - 2, dofs - 1] : [0, dofs - 2];
  const free = Array.from({ length: dofs }, (_, d) => d).filter((d) => !fixed.includes(d));
  const kf = free.map((i) => free.map((j) => k[i]?.[j] ?? 0));
  const mf = free.map((i) => free.map((j) => m[i]?.[j] ?? 0));
  const { values, vectors } = generalisedEigen(kf, mf);
  const order = values.map((_, i) => i).sort((a, b) => (values[a] ?? 0) - (values[b] ?? 0));
  const kept = order.slice(0, spec.modes);
  const nodal = kept.map((i) => {
    const full = new Array<number>(dofs).fill(0);
    free.forEach((d, j) => {
      full[d] = vectors[i]?.[j] ?? 0;
    });
    return full;
  });
  const shapeAt = (mode: number, xM: number): number => {
    const e = Math.min(elements - 1, Math.max(0, Math.floor(xM / le)));
    const s = xM / le - e;
    const u = nodal[mode] ?? [];
    // Hermite cubics for deflection and rotation at the element's two nodes.
    const h1 = 1 - 3 * s * s + 2 * s ** 3;
    const h2 = le * (s - 2 * s * s + s ** 3);
    const h3 = 3 * s * s - 2 * s ** 3;
    const h4 = le * (-s * s + s ** 3);
    return (
      h1 * (u[2 * e] ?? 0) +
      h2 * (u[2 * e + 1] ?? 0) +
      h3 * (u[2 * e + 2] ?? 0) +
      h4 * (u[2 * e + 3] ?? 0)
    );
  };
  return {
    frequenciesHz: kept.map((i) => Math.sqrt(values[i] ?? 0) / (2 * Math.PI)),
    dampingRatios: kept.map((_, j) => spec.dampingRatios[j] ?? 0.01),
    shapes: kept.map((_, j) => spec.sensorsM.map((x) => shapeAt(j, x))),
    shapeAt,
  };
}

/** K φ = ω² M φ through M = LLᵀ: L⁻¹KL⁻ᵀ y = ω² y, φ = L⁻ᵀ y (mass-normalised). */
function generalisedEigen(k: number[][], m: number[][]): { values: number[]; vectors: number[][] } {
  const n = k.length;
  const l = cholesky(m);
  const inv = Array.from({ length: n }, (_, i) => {
    // Column i of L⁻¹ by forward substitution, stored as row i of (L⁻¹)ᵀ.
    const x = new Array<number>(n).fill(0);
    for (let r = 0; r < n; r += 1) {
      let sum = r === i ? 1 : 0;
      for (let c = 0; c < r; c += 1) sum -= (l[r]?.[c] ?? 0) * (x[c] ?? 0);
      x[r] = sum / (l[r]?.[r] ?? 1);
    }
    return x;
  });
  // inv[i][r] = (L⁻¹)[r][i].
  const linv = (r: number, c: number): number => inv[c]?.[r] ?? 0;
  const temp = Array.from({ length: n }, (_, r) =>
    Array.from({ length: n }, (_, c) => {
      let sum = 0;
      for (let j = 0; j <= r; j += 1) sum += linv(r, j) * (k[j]?.[c] ?? 0);
      return sum;
    }),
  );
  const a = Array.from({ length: n }, (_, r) =>
    Array.from({ length: n }, (_, c) => {
      let sum = 0;
      for (let j = 0; j <= c; j += 1) sum += (temp[r]?.[j] ?? 0) * linv(c, j);
      return sum;
    }),
  );
  const symmetric = a.map((row, r) => row.map((v, c) => 0.5 * (v + (a[c]?.[r] ?? 0))));
  const { values, vectors } = symmetricEigen(symmetric);
  return {
    values,
    vectors: vectors.map((y) =>
      Array.from({ length: n }, (_, r) => {
        let sum = 0;
        for (let j = r; j < n; j += 1) sum += linv(j, r) * (y[j] ?? 0);
        return sum;
      }),
    ),
  };
}
