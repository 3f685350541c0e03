import { at } from './at.ts';
import { blockLength, movingBlockBootstrap } from './block-bootstrap.ts';
import { modeCentres, type Recentring } from './chart-recentring.ts';
import {
  covariance,
  project,
  reconstruct,
  type FactorProjection,
} from './environmental-factors.ts';
import { inverseSpd } from './linear-algebra.ts';
import { createRng } from './rng.ts';

/**
 * Control charts on the compensated residuals (issue 29). Damage lowers natural frequencies, so
 * the frequency charts are one-sided:
 * - a lower CUSUM per mode (Page 1954), for a loss that shows in one mode and for slow losses;
 * - a lower CUSUM of the mean over modes, the direction a global loss of stiffness moves;
 * - a MEWMA (Lowry, Woodall, Champ & Rigdon 1992) on the residual vector, Hotelling's T² of its
 *   exponentially weighted mean: the multivariate chart of Kullaa (2003) and of Magalhães, Cunha
 *   & Caetano (2012), which also sees a change that moves the modes apart.
 * Each chart's statistic is divided by its own scale and the score is the largest of them, so
 * one threshold covers the family. The design constants are the textbook ones, fixed before any
 * data was looked at (not tuned): reference value κ = 0.5 σ (a CUSUM tuned to a shift of 1 σ),
 * MEWMA weight λ = 0.1, standardised residuals clipped at ±4 σ so one mis-picked peak cannot fill
 * a CUSUM on its own.
 */
export const CHART_DESIGN = { kappa: 0.5, lambda: 0.1, clip: 4 } as const;

/** Rows of quiet that end an episode when the threshold is calibrated (the detect command's). */
export const EPISODE_QUIET_ROWS = 5;

export interface ControlChartModel {
  projection: FactorProjection;
  /** Held-out scatter of each mode's projected residual, and of their mean: the CUSUMs' unit. */
  modeSigma: number[];
  meanSigma: number;
  /** Inverse of the MEWMA vector's in-control covariance λ/(2 − λ)·Σ. */
  mewmaInverse: number[][];
  /** Divisor of each chart's statistic: per mode, the mean over modes, the MEWMA. */
  scales: number[];
  /** Threshold on the largest scaled statistic (scores are divided by it: 1 alarms). */
  threshold: number;
  /** How the scaled statistics combine (absent: 'largest'; decision 081 (d)). */
  rule?: ChartRule;
  /** A slowly adapting scale per mode (absent: none; decision 081 (d)). */
  adapt?: AdaptiveScale;
  /** A slow, guarded re-centring of the residuals (absent: none; decision 081 (g)). */
  recentre?: Recentring;
}

/**
 * 'largest': the largest scaled statistic (decision 028). 'agreement': the smaller of the
 * mean-over-modes CUSUM and the largest of the others, so a row alarms only when the direction of
 * a global loss and one other chart agree (decision 081 (d)).
 */
export type ChartRule = 'largest' | 'agreement';

/**
 * Each mode's standardised residual is divided by √(EWMA of its square) over `rows` rows, clamped
 * to [1, cap]; the EWMA learns only from rows scored ≤ 1 (not alarmed), so a loss once raised is
 * not learnt. Causal: row t is divided by the factor of the rows before it.
 */
export interface AdaptiveScale {
  rows: number;
  cap: number;
}

/** The combined scaled statistic of one row (`stats[m]` is the mean-over-modes CUSUM). */
export function combineStatistics(
  stats: Float64Array,
  scales: Float64Array | readonly number[],
  rule: ChartRule = 'largest',
): number {
  const mean = stats.length - 2;
  let worst = 0;
  for (let j = 0; j < stats.length; j += 1) {
    if (rule === 'agreement' && j === mean) continue;
    worst = Math.max(worst, (stats[j] ?? 0) / (scales[j] ?? 1));
  }
  if (rule === 'largest') return worst;
  return Math.min(worst, (stats[mean] ?? 0) / (scales[mean] ?? 1));
}

const clip = (x: number) => Math.max(-CHART_DESIGN.clip, Math.min(CHART_DESIGN.clip, x));

const flat = (rows: readonly (readonly number[])[]) => Float64Array.from(rows.flat());

/**
 * The charts' state, fed one row's Δf/f at a time (null = unjudged: the state holds). Returns the
 * statistics per chart (the array is reused) or null when no mode was observed. The hot loop
 * reads flat typed arrays (`?? 0` only satisfies the index check): it runs for every scored row
 * and for every bootstrap row of the calibration.
 */
export function chartStatistics(
  model: Omit<ControlChartModel, 'scales' | 'threshold'>,
  /** Per mode: the divisor of its standardised residual, and where each row's value is written. */
  adaptive?: { inflation: Float64Array; standardised: Float64Array },
): (residuals: readonly number[] | null) => Float64Array | null {
  const m = model.projection.scale.length;
  const r = model.projection.kept.length;
  const scale = Float64Array.from(model.projection.scale);
  const kept = flat(model.projection.kept);
  const sigma = Float64Array.from(model.modeSigma);
  const inverse = flat(model.mewmaInverse);
  const { meanSigma } = model;
  const cusum = new Float64Array(m);
  let cusumMean = 0;
  const ewma = new Float64Array(r);
  const z = new Float64Array(m);
  const y = new Float64Array(r);
  const e = new Float64Array(m);
  const stats = new Float64Array(m + 2);
  const { kappa, lambda } = CHART_DESIGN;
  return (residuals) => {
    if (residuals === null) return null;
    let observed = 0;
    for (let k = 0; k < m; k += 1) {
      const value = (residuals[k] ?? Number.NaN) / (scale[k] ?? 1);
      const seen = Number.isFinite(value);
      if (adaptive) adaptive.standardised[k] = value;
      // A missing mode counts as in control in the projection and holds its own CUSUM.
      z[k] = seen ? value / (adaptive?.inflation[k] ?? 1) : 0;
      e[k] = 0;
      if (seen) observed += 1;
    }
    if (observed === 0) return null;
    for (let d = 0; d < r; d += 1) {
      let sum = 0;
      for (let k = 0; k < m; k += 1) sum += (kept[d * m + k] ?? 0) * (z[k] ?? 0);
      y[d] = sum;
      for (let k = 0; k < m; k += 1) e[k] = (e[k] ?? 0) + (kept[d * m + k] ?? 0) * sum;
      ewma[d] = lambda * sum + (1 - lambda) * (ewma[d] ?? 0);
    }
    let sum = 0;
    for (let k = 0; k < m; k += 1) {
      if (!Number.isFinite(residuals[k] ?? Number.NaN)) continue;
      const ek = e[k] ?? 0;
      cusum[k] = Math.max(0, (cusum[k] ?? 0) - clip(ek / (sigma[k] ?? 1)) - kappa);
      sum += ek;
    }
    cusumMean = Math.max(0, cusumMean - clip(sum / observed / meanSigma) - kappa);
    let t2 = 0;
    for (let i = 0; i < r; i += 1) {
      let row = 0;
      for (let j = 0; j < r; j += 1) row += (inverse[i * r + j] ?? 0) * (ewma[j] ?? 0);
      t2 += (ewma[i] ?? 0) * row;
    }
    stats.set(cusum);
    stats[m] = cusumMean;
    stats[m + 1] = t2;
    return stats;
  };
}

/** Score of a row: the largest scaled statistic over the threshold (> 1 alarms), null unjudged. */
export function chartScorer(
  model: ControlChartModel,
): (residuals: readonly number[] | null) => number | null {
  const m = model.modeSigma.length;
  const adapt = model.adapt;
  const adaptive = adapt
    ? { inflation: new Float64Array(m).fill(1), standardised: new Float64Array(m) }
    : undefined;
  const meanSquare = new Float64Array(m).fill(1);
  const weight = adapt ? 1 / adapt.rows : 0;
  const step = chartStatistics(model, adaptive);
  const scales = Float64Array.from(model.scales);
  const rule = model.rule ?? 'largest';
  const centres = model.recentre ? modeCentres(m, model.recentre) : undefined;
  return (residuals) => {
    const stats = step(centres ? centres.centred(residuals) : residuals);
    if (stats === null || residuals === null) return null;
    const score = combineStatistics(stats, scales, rule) / model.threshold;
    if (centres && score <= 1) centres.learn(residuals);
    if (adapt && adaptive && score <= 1) {
      for (let k = 0; k < m; k += 1) {
        const u = adaptive.standardised[k] ?? Number.NaN;
        if (!Number.isFinite(u)) continue;
        const clipped = clip(u);
        meanSquare[k] = (1 - weight) * (meanSquare[k] ?? 1) + weight * clipped * clipped;
        adaptive.inflation[k] = Math.min(adapt.cap, Math.max(1, Math.sqrt(meanSquare[k] ?? 1)));
      }
    }
    return score;
  };
}

/** Alarm episodes of a score series at a threshold: a crossing after `quiet` rows at or below. */
export function countEpisodes(
  scores: Float64Array,
  threshold: number,
  quiet = EPISODE_QUIET_ROWS,
): number {
  let episodes = 0;
  let below = quiet;
  for (let i = 0; i < scores.length; i += 1) {
    if ((scores[i] ?? 0) > threshold) {
      if (below >= quiet) episodes += 1;
      below = 0;
    } else {
      below += 1;
    }
  }
  return episodes;
}

function largest(values: Float64Array): number {
  let max = -Infinity;
  for (let i = 0; i < values.length; i += 1) max = Math.max(max, values[i] ?? -Infinity);
  return max;
}

/** A quantile from an evenly strided sample of at most 100,000 values (sorting all is slow). */
function quantile(values: Float64Array, q: number): number {
  const stride = Math.max(1, Math.floor(values.length / 100_000));
  const sample = new Float64Array(Math.ceil(values.length / stride));
  for (let i = 0; i < sample.length; i += 1) sample[i] = values[i * stride] ?? 0;
  sample.sort();
  return at(sample, Math.min(sample.length - 1, Math.floor(q * sample.length)));
}

/**
 * Options of the calibration (decision 081 (d); the defaults are decision 028's): blocks
 * `blockFactor` times the autocorrelation rule's length and at least `minBlockRows`; the rule
 * combining the charts; a slowly adapting scale at scoring (the bootstrap runs without it).
 */
export interface CalibrationOptions {
  blockFactor?: number;
  minBlockRows?: number;
  rule?: ChartRule;
  adapt?: AdaptiveScale | undefined;
}

export interface ChartCalibration {
  blockLength: number;
  bootstrapRows: number;
  targetArlRows: number;
  /** Rows per false-alarm episode on the bootstrap series at the chosen threshold. */
  bootstrapArlRows: number;
}

/** Per-chart scales put every chart's 99th in-control percentile at 1 (equal weight). */
const SCALE_QUANTILE = 0.99;

/**
 * Sets the charts for an in-control average run length (rows between false-alarm episodes).
 * Healthy residuals are autocorrelated (weather the model does not explain lasts hours to
 * days), so the in-control run length is estimated on a moving-block bootstrap of the held-out
 * training residuals (block length from their autocorrelation), not from an independence
 * formula: the charts run over the bootstrap series and the threshold is the one at which
 * false-alarm episodes come once per `targetArlRows` rows.
 */
export function calibrateCharts(
  heldOut: readonly (readonly number[])[],
  projection: FactorProjection,
  targetArlRows: number,
  options: {
    seed?: number | undefined;
    /** Rows at or below the threshold that end an episode, as the charts' user counts them. */
    quietRows?: number;
    /** Bootstrap rows per target run length (40: the detect command's). */
    runsPerArl?: number;
  } & CalibrationOptions = {},
): { model: ControlChartModel; calibration: ChartCalibration } {
  const {
    seed = 29,
    quietRows = EPISODE_QUIET_ROWS,
    runsPerArl = 40,
    blockFactor = 1,
    minBlockRows = 1,
    rule = 'largest',
    adapt,
  } = options;
  const m = projection.scale.length;
  const z = heldOut.map((row) => row.map((v, k) => v / at(projection.scale, k)));
  const ys = z.map((row) => project(projection, row, new Array<number>(projection.kept.length)));
  const es = ys.map((y) => reconstruct(projection, y, new Array<number>(m)));
  const column = (k: number) => es.map((e) => at(e, k)).filter(Number.isFinite);
  const sd = (values: number[]) => {
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    return Math.sqrt(
      values.reduce((a, v) => a + (v - mean) ** 2, 0) / Math.max(1, values.length - 1),
    );
  };
  const observedMean = (e: number[], row: readonly number[]) => {
    const observed = e.filter((_, k) => Number.isFinite(at(row, k)));
    return observed.reduce((a, b) => a + b, 0) / Math.max(1, observed.length);
  };
  const means = es.map((e, i) => observedMean(e, at(z, i)));
  const { lambda } = CHART_DESIGN;
  const completeY = ys.filter((_, i) => at(z, i).every(Number.isFinite));
  const sigmaY = covariance(completeY).map((row, i) =>
    row.map((v, j) => (lambda / (2 - lambda)) * v + (i === j ? 1e-9 : 0)),
  );
  const base = {
    projection,
    modeSigma: Array.from({ length: m }, (_, k) => Math.max(sd(column(k)), 1e-9)),
    meanSigma: Math.max(sd(means), 1e-9),
    mewmaInverse: inverseSpd(sigmaY),
  };
  const block = Math.min(
    Math.max(1, Math.floor(heldOut.length / 5)),
    Math.max(
      minBlockRows,
      blockFactor *
        blockLength([means, ...Array.from({ length: m }, (_, k) => es.map((e) => at(e, k)))]),
    ),
  );
  const rows = Math.min(2_000_000, Math.max(20_000, Math.ceil(runsPerArl * targetArlRows)));
  const series = movingBlockBootstrap(heldOut, rows, block, createRng(seed));
  const step = chartStatistics(base);
  const charts = m + 2;
  const stats = Array.from({ length: charts }, () => new Float64Array(rows));
  series.forEach((residuals, i) => {
    const s = step(residuals);
    if (s) stats.forEach((values, j) => (values[i] = s[j] ?? 0));
  });
  const scales = stats.map((values) => {
    const q = quantile(values, SCALE_QUANTILE);
    return q > 0 ? q : Math.max(1e-9, largest(values));
  });
  const combined = new Float64Array(rows);
  const row = new Float64Array(charts);
  for (let i = 0; i < rows; i += 1) {
    for (let j = 0; j < charts; j += 1) row[j] = at(at(stats, j), i);
    combined[i] = combineStatistics(row, scales, rule);
  }
  const allowed = rows / targetArlRows;
  let low = 0;
  let high = largest(combined) * 1.000001 + 1e-12;
  for (let i = 0; i < 40; i += 1) {
    const mid = (low + high) / 2;
    if (countEpisodes(combined, mid, quietRows) > allowed) low = mid;
    else high = mid;
  }
  const episodes = countEpisodes(combined, high, quietRows);
  return {
    model: {
      ...base,
      scales,
      threshold: high,
      ...(rule === 'largest' ? {} : { rule }),
      ...(adapt ? { adapt } : {}),
    },
    calibration: {
      blockLength: block,
      bootstrapRows: rows,
      targetArlRows,
      bootstrapArlRows: episodes === 0 ? Infinity : rows / episodes,
    },
  };
}
