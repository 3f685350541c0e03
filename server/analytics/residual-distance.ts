import { at } from './at.ts';
import { inverseSpd } from './linear-algebra.ts';

/**
 * Squared Mahalanobis distance of a residual vector under the healthy residuals' covariance,
 * divided by the number of observed features (about 1 for a healthy window). Residuals that
 * normally move together (all modes stiffening in a frost, traffic mass on every mode) cost
 * little; one mode moving against the others, as local damage does, costs a lot.
 * With missing features (NaN) the distance uses the observed features' own covariance block
 * (their marginal distribution); one inverse is cached per missing pattern.
 */
export type ResidualDistance = (residual: readonly number[]) => number;

/** The healthy residuals' covariance (with a small ridge), the whole fitted state. */
export function fitResidualCovariance(residuals: readonly (readonly number[])[]): number[][] {
  const d = residuals[0]?.length ?? 0;
  const covariance = Array.from({ length: d }, () => new Array<number>(d).fill(0));
  const counts = Array.from({ length: d }, () => new Array<number>(d).fill(0));
  for (const r of residuals) {
    for (let i = 0; i < d; i += 1) {
      if (!Number.isFinite(at(r, i))) continue;
      for (let j = 0; j < d; j += 1) {
        if (!Number.isFinite(at(r, j))) continue;
        at(covariance, i)[j] = at(at(covariance, i), j) + at(r, i) * at(r, j);
        at(counts, i)[j] = at(at(counts, i), j) + 1;
      }
    }
  }
  for (let i = 0; i < d; i += 1) {
    for (let j = 0; j < d; j += 1)
      at(covariance, i)[j] = at(at(covariance, i), j) / Math.max(1, at(at(counts, i), j));
  }
  // A small ridge keeps a singular covariance (duplicated or constant channels) invertible.
  const meanVariance = covariance.reduce((sum, row, i) => sum + at(row, i), 0) / Math.max(1, d);
  for (let i = 0; i < d; i += 1)
    at(covariance, i)[i] = at(at(covariance, i), i) + 1e-6 * meanVariance + 1e-12;
  return covariance;
}

export interface ResidualMetric {
  distance: ResidualDistance;
  /**
   * Each feature's part of the distance: r_j·(P·r)_j / n (they add up to the distance; 0 for a
   * missing feature). A part can be negative when correlated residuals partly cancel.
   */
  contributions(residual: readonly number[]): number[];
}

export function residualMetric(covariance: readonly (readonly number[])[]): ResidualMetric {
  const cache = new Map<string, { observed: number[]; precision: number[][] }>();
  const precisionFor = (r: readonly number[]) => {
    const key = r.map((v) => (Number.isFinite(v) ? '1' : '0')).join('');
    let entry = cache.get(key);
    if (!entry) {
      const observed = r.flatMap((v, j) => (Number.isFinite(v) ? [j] : []));
      const block = observed.map((i) => observed.map((j) => at(at(covariance, i), j)));
      entry = { observed, precision: observed.length > 0 ? inverseSpd(block) : [] };
      cache.set(key, entry);
    }
    return entry;
  };
  return {
    distance(r) {
      const { observed, precision } = precisionFor(r);
      if (observed.length === 0) return Number.NaN;
      // Hot loop: every index comes from `observed`, built from r itself, so `?? 0` never applies.
      const values = observed.map((j) => r[j] ?? 0);
      let sum = 0;
      for (let a = 0; a < values.length; a += 1) {
        const precisionRow = precision[a] ?? [];
        let row = 0;
        for (let b = 0; b < values.length; b += 1) row += (precisionRow[b] ?? 0) * (values[b] ?? 0);
        sum += (values[a] ?? 0) * row;
      }
      return sum / values.length;
    },
    contributions(r) {
      const parts = new Array<number>(r.length).fill(0);
      const { observed, precision } = precisionFor(r);
      const values = observed.map((j) => at(r, j));
      observed.forEach((j, a) => {
        const row = at(precision, a).reduce((sum, p, b) => sum + p * at(values, b), 0);
        parts[j] = (at(values, a) * row) / observed.length;
      });
      return parts;
    },
  };
}

export function fitResidualDistance(residuals: readonly (readonly number[])[]): ResidualDistance {
  return residualMetric(fitResidualCovariance(residuals)).distance;
}
