/**
 * A stream's temperature model (issue 30): its 10-minute mean as a straight line in the bridge's
 * temperature some windows earlier (a deck follows the air by hours, decision 030's simulation
 * uses 3 h). The apparent thermal strain of a gauge is linear in temperature over a season
 * (thermal expansion and the gauge's own coefficient, e.g. HBM's note on temperature effects
 * on strain gauges), so the residual of this line is what drifts when the gauge drifts, and the
 * line itself is what a limit on a quasi-static channel should not count.
 *
 * The lag is chosen by least squares among THERMAL_LAGS_WINDOWS; no model without enough data
 * (THERMAL_MIN_WINDOWS) or temperature range (THERMAL_MIN_RANGE_C): a slope fitted on a
 * day of nearly constant temperature is noise. Pure: means in, a model out.
 */

/** Candidate lags in windows: 0 to 6 hours of 10-minute windows. */
export const THERMAL_LAGS_WINDOWS = [0, 6, 12, 18, 24, 36] as const;
/** Two days of 10-minute windows: two daily cycles at least. */
export const THERMAL_MIN_WINDOWS = 288;
/** A smaller daily swing leaves the slope to the noise. */
export const THERMAL_MIN_RANGE_C = 3;

export interface ThermalModel {
  intercept: number;
  /** Stream units per °C. */
  slope: number;
  lagWindows: number;
  /** Mean temperature of the fit: compensated values read as if at this temperature. */
  referenceC: number;
  /** Windows the fit used. */
  windows: number;
}

function fitAtLag(means: readonly number[], temperatures: readonly number[], lag: number) {
  let n = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  let low = Infinity;
  let high = -Infinity;
  for (let i = lag; i < means.length; i += 1) {
    const x = temperatures[i - lag] ?? NaN;
    const y = means[i] ?? NaN;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    n += 1;
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
    low = Math.min(low, x);
    high = Math.max(high, x);
  }
  const spread = sxx - (sx * sx) / n;
  if (n < THERMAL_MIN_WINDOWS || high - low < THERMAL_MIN_RANGE_C || spread <= 0) return null;
  const slope = (sxy - (sx * sy) / n) / spread;
  const intercept = (sy - slope * sx) / n;
  let sse = 0;
  for (let i = lag; i < means.length; i += 1) {
    const x = temperatures[i - lag] ?? NaN;
    const y = means[i] ?? NaN;
    if (Number.isFinite(x) && Number.isFinite(y)) sse += (y - intercept - slope * x) ** 2;
  }
  return { model: { intercept, slope, lagWindows: lag, referenceC: sx / n, windows: n }, sse };
}

/** The best line over aligned window means (NaN where a window has no data); null if none. */
export function fitThermalModel(
  means: readonly number[],
  temperatures: readonly number[],
): ThermalModel | null {
  let best: { model: ThermalModel; sse: number } | null = null;
  for (const lag of THERMAL_LAGS_WINDOWS) {
    const fit = fitAtLag(means, temperatures, lag);
    if (fit && (!best || fit.sse / fit.model.windows < best.sse / best.model.windows)) best = fit;
  }
  return best?.model ?? null;
}

/** What the model expects each window to read (NaN where its lagged temperature is missing). */
export function thermalPrediction(model: ThermalModel, temperatures: readonly number[]): number[] {
  return temperatures.map((_, i) => {
    const x = temperatures[i - model.lagWindows] ?? NaN;
    return model.intercept + model.slope * x;
  });
}

/**
 * The means with the temperature's part removed, as if read at the fit's mean temperature; a
 * window without its lagged temperature keeps its raw mean (nothing to remove it with).
 */
export function compensatedMeans(
  model: ThermalModel,
  means: readonly number[],
  temperatures: readonly number[],
): number[] {
  return means.map((mean, i) => compensate(model, mean, temperatures[i - model.lagWindows] ?? NaN));
}

/** One mean with its thermal part removed, given the temperature `lagWindows` before it. */
export function compensate(model: ThermalModel, mean: number, laggedC: number): number {
  return Number.isFinite(laggedC) ? mean - model.slope * (laggedC - model.referenceC) : mean;
}
