import { at } from './at.ts';
import { contiguousFolds } from './compensation-model.ts';
import { symmetricEigen } from './symmetric-eigen.ts';

/**
 * What the context does not explain but moves every mode together (an unmeasured deck
 * temperature, moisture, a file without a temperature column at all) shows as the largest
 * principal components of the residuals. Removing them is the PCA route to environmental
 * compensation (Yan, Kerschen, De Boe & Golinval 2005, Mech. Syst. Signal Process. 19:847;
 * Kullaa 2003, Mech. Syst. Signal Process. 17:1083, for control charts on such residuals), at the
 * cost of the damage that moves the same way. How many to remove is chosen on held-out blocks:
 * the count that best separates a uniform loss of stiffness (every mode's Δf/f lowered alike)
 * from the held-out scatter of the mean over modes, which is the charts' global statistic.
 */
export interface FactorProjection {
  /** Each mode's held-out scatter of Δf/f: residuals are divided by it. */
  scale: number[];
  /** Kept directions (rows: one unit vector over the modes each), the removed ones left out. */
  kept: number[][];
  removed: number;
}

const completeRows = (rows: readonly (readonly number[])[]) =>
  rows.filter((row) => row.every(Number.isFinite));

function standardDeviations(rows: readonly (readonly number[])[]): number[] {
  const m = at(rows, 0).length;
  return Array.from({ length: m }, (_, k) => {
    const values = rows.map((row) => at(row, k)).filter(Number.isFinite);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / (values.length - 1);
    return Math.sqrt(Math.max(variance, 1e-18));
  });
}

export function covariance(rows: readonly (readonly number[])[]): number[][] {
  const m = at(rows, 0).length;
  const means = Array.from(
    { length: m },
    (_, k) => rows.reduce((a, r) => a + at(r, k), 0) / rows.length,
  );
  return Array.from({ length: m }, (_, i) =>
    Array.from(
      { length: m },
      (_, j) =>
        rows.reduce((a, r) => a + (at(r, i) - at(means, i)) * (at(r, j) - at(means, j)), 0) /
        Math.max(1, rows.length - 1),
    ),
  );
}

export function fitProjection(
  residuals: readonly (readonly number[])[],
  removed: number,
): FactorProjection {
  const scale = standardDeviations(residuals);
  const standardised = completeRows(residuals).map((row) => row.map((r, k) => r / at(scale, k)));
  const { vectors } = symmetricEigen(covariance(standardised));
  return { scale, kept: vectors.slice(removed), removed };
}

/** Coordinates of a standardised residual in the kept directions (missing modes count as 0). */
export function project(
  projection: FactorProjection,
  z: readonly number[],
  out: number[],
): number[] {
  projection.kept.forEach((direction, d) => {
    let sum = 0;
    for (let k = 0; k < z.length; k += 1) {
      const value = at(z, k);
      if (Number.isFinite(value)) sum += at(direction, k) * value;
    }
    out[d] = sum;
  });
  return out;
}

/** Back in mode space: the part of a standardised residual the kept directions carry. */
export function reconstruct(
  projection: FactorProjection,
  y: readonly number[],
  out: number[],
): number[] {
  out.fill(0);
  projection.kept.forEach((direction, d) => {
    const coordinate = at(y, d);
    for (let k = 0; k < out.length; k += 1) out[k] = at(out, k) + at(direction, k) * coordinate;
  });
  return out;
}

/** Held-out separation of a uniform stiffness loss by the mean over modes, for `removed` factors. */
function uniformLossSeparation(residuals: readonly (readonly number[])[], removed: number): number {
  const m = at(residuals, 0).length;
  const folds = contiguousFolds(residuals.length, 4);
  const separations = folds.map((fold, f) => {
    const others = folds.filter((_, g) => g !== f).flat();
    const projection = fitProjection(
      others.map((i) => at(residuals, i)),
      removed,
    );
    const y = new Array<number>(projection.kept.length);
    const e = new Array<number>(m);
    const meanOf = (z: readonly number[]) => {
      reconstruct(projection, project(projection, z, y), e);
      return e.reduce((a, b) => a + b, 0) / m;
    };
    const signal = Math.abs(meanOf(projection.scale.map((s) => -1 / s)));
    const noise = fold
      .map((i) => at(residuals, i))
      .filter((row) => row.every(Number.isFinite))
      .map((row) => meanOf(row.map((r, k) => r / at(projection.scale, k))));
    // Root mean square about zero, not the spread about the block's mean: a healthy block that
    // sits away from the others (weather the context does not explain) is exactly the error that
    // raises false alarms.
    const rms = Math.sqrt(noise.reduce((a, v) => a + v * v, 0) / Math.max(1, noise.length));
    return signal / Math.max(rms, 1e-12);
  });
  return separations.reduce((a, b) => a + b, 0) / separations.length;
}

/** Removes 0 to (modes − 2) factors, whichever separates a uniform loss best on held-out blocks. */
export function chooseProjection(residuals: readonly (readonly number[])[]): {
  projection: FactorProjection;
  separations: number[];
} {
  const m = at(residuals, 0).length;
  const counts = Array.from({ length: Math.max(1, m - 1) }, (_, q) => q);
  const separations = counts.map((q) => uniformLossSeparation(residuals, q));
  const best = separations.indexOf(Math.max(...separations));
  return { projection: fitProjection(residuals, best), separations };
}
