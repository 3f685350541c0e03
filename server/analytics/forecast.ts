import { at } from './at.ts';
/**
 * Forecast of the main health indicator: additive damped-trend exponential smoothing
 * (ETS(A,Ad,N), Gardner & McKenzie) with parameters chosen by one-step squared error on a small
 * grid, and prediction intervals from the model's h-step variance (Hyndman et al., Forecasting
 * with Exponential Smoothing, table 6.1): σ²·(1 + Σ_{j<h} (α·(1 + β·φ_j))²), φ_j = φ + … + φ^j.
 * A damped trend follows a slow loss of stiffness without projecting it to infinity.
 */
export interface Forecast {
  mean: number[];
  lower80: number[];
  upper80: number[];
  lower95: number[];
  upper95: number[];
  alpha: number;
  beta: number;
  phi: number;
  sigma: number;
}

const ALPHAS = [0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9];
const BETAS = [0, 0.01, 0.05, 0.1];
const PHIS = [0.8, 0.9, 0.98];
const Z80 = 1.2816;
const Z95 = 1.96;

interface Fit {
  sse: number;
  level: number;
  trend: number;
  count: number;
}

function runSmoothing(series: readonly number[], alpha: number, beta: number, phi: number): Fit {
  let level = at(series, 0);
  let trend = 0;
  let sse = 0;
  let count = 0;
  for (let t = 1; t < series.length; t += 1) {
    const y = at(series, t);
    const predicted = level + phi * trend;
    if (!Number.isFinite(y)) {
      level = predicted; // a missing day: carry the state forward
      trend *= phi;
      continue;
    }
    const error = y - predicted;
    sse += error * error;
    count += 1;
    level = predicted + alpha * error;
    trend = phi * trend + beta * alpha * error;
  }
  return { sse, level, trend, count };
}

export function forecastIndicator(series: readonly number[], horizon: number): Forecast {
  const finite = series.filter(Number.isFinite);
  if (finite.length < 4) throw new RangeError('at least 4 observed values are needed to forecast');
  const start = series.findIndex(Number.isFinite);
  const observed = series.slice(start);
  let best: (Fit & { alpha: number; beta: number; phi: number }) | null = null;
  for (const alpha of ALPHAS) {
    for (const beta of BETAS) {
      for (const phi of PHIS) {
        const fit = runSmoothing(observed, alpha, beta, phi);
        if (!best || fit.sse < best.sse) best = { ...fit, alpha, beta, phi };
      }
    }
  }
  if (!best) throw new RangeError('no smoothing parameters to choose from');
  const { alpha, beta, phi, level, trend } = best;
  const sigma = Math.sqrt(best.sse / Math.max(1, best.count - 3));
  const result: Forecast = {
    mean: [],
    lower80: [],
    upper80: [],
    lower95: [],
    upper95: [],
    alpha,
    beta,
    phi,
    sigma,
  };
  let dampedSum = 0;
  let varianceSum = 0;
  for (let h = 1; h <= horizon; h += 1) {
    dampedSum += phi ** h;
    const mean = level + dampedSum * trend;
    const spread = sigma * Math.sqrt(1 + varianceSum);
    // Term j = h for the next step's variance.
    varianceSum += (alpha * (1 + beta * dampedSum)) ** 2;
    result.mean.push(mean);
    result.lower80.push(mean - Z80 * spread);
    result.upper80.push(mean + Z80 * spread);
    result.lower95.push(mean - Z95 * spread);
    result.upper95.push(mean + Z95 * spread);
  }
  return result;
}

/** Seasonal naive forecast: each step repeats the value one season earlier. */
export function seasonalNaive(
  series: readonly number[],
  horizon: number,
  period: number,
): number[] {
  return Array.from({ length: horizon }, (_, h) =>
    at(series, series.length - period + (h % period)),
  );
}

/**
 * Mean absolute scaled error (Hyndman & Koehler 2006): the forecast's mean absolute error over
 * the in-sample mean absolute error of the seasonal naive forecast. Below 1 beats seasonal naive.
 */
export function mase(
  actual: readonly number[],
  predicted: readonly number[],
  training: readonly number[],
  period: number,
): number {
  let scale = 0;
  let scaleCount = 0;
  for (let t = period; t < training.length; t += 1) {
    const diff = at(training, t) - at(training, t - period);
    if (Number.isFinite(diff)) {
      scale += Math.abs(diff);
      scaleCount += 1;
    }
  }
  let error = 0;
  let count = 0;
  actual.forEach((a, i) => {
    const e = a - at(predicted, i);
    if (Number.isFinite(e)) {
      error += Math.abs(e);
      count += 1;
    }
  });
  return error / count / (scale / scaleCount);
}
