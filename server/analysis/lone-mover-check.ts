/**
 * A lone mover in a group of three or more co-located gauges (issue 30; decision 048's amendment
 * of 2026-12-02). A pair of twins that disagree cannot say which one moved; in a group, a gauge
 * whose residual against the others is large while the others agree among themselves is the one.
 * Pure: each gauge's 10-minute means in (one array per gauge, windows aligned), namings out.
 */

import { median, robustSigma } from '../analytics/sensor-validation/robust.ts';

export interface LoneMoverOptions {
  /** 10-minute windows in a day: the fits are redone at each day's start. */
  windowsPerDay: number;
  /** K: days of reference before each day that the fits use. */
  referenceDays: number;
  /** Z: the suspect's |z| must exceed this. */
  z: number;
  /** a: every other gauge's |z|, estimated without the suspect, must stay below a·Z. */
  othersFraction: number;
  /** Consecutive windows the condition must hold to name a gauge. */
  runWindows: number;
  /** Fewest usable reference windows a fit needs. */
  minReferenceWindows: number;
  /** Window duration, for the drift's slope per hour. */
  windowHours: number;
}

export interface LoneMoverNaming {
  /** Index of the named gauge in the input. */
  gauge: number;
  /** The window that completed the run. */
  namedWindow: number;
  /** The estimated start of the fault. */
  onsetWindow: number;
  kind: 'offset' | 'drift';
  /** Offset: the step (input unit); drift: the slope per hour. */
  size: number;
  /**
   * The window at which its |z| came back within Z (the naming ended there); null while it lasts
   * to the end of the input. A window without data (NaN) neither ends nor extends the evidence.
   */
  endWindow: number | null;
}

/** One fit: `target` from the mean of the gauges in `from`. */
interface Fit {
  target: number;
  from: number[];
}

interface Line {
  intercept: number;
  slope: number;
  centre: number;
  scale: number;
}

/** The mean of some gauges per window (NaN when any is missing). */
function meanOf(gauges: readonly (readonly number[])[], members: readonly number[]): number[] {
  const length = gauges[0]?.length ?? 0;
  return Array.from({ length }, (_, t) => {
    let sum = 0;
    for (const m of members) sum += gauges[m]?.[t] ?? Number.NaN;
    return sum / members.length;
  });
}

/** Least-squares line of y on x over the usable windows, with its residual's robust centre and scale. */
function fitLine(
  y: readonly number[],
  x: readonly number[],
  from: number,
  to: number,
  usable: readonly boolean[],
  minRows: number,
): Line | null {
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (let t = from; t < to; t += 1) {
    const [xv, yv] = [x[t] ?? Number.NaN, y[t] ?? Number.NaN];
    if (!usable[t] || !Number.isFinite(xv) || !Number.isFinite(yv)) continue;
    n += 1;
    sx += xv;
    sy += yv;
  }
  if (n < minRows) return null;
  const [mx, my] = [sx / n, sy / n];
  let sxx = 0;
  let sxy = 0;
  for (let t = from; t < to; t += 1) {
    const [xv, yv] = [x[t] ?? Number.NaN, y[t] ?? Number.NaN];
    if (!usable[t] || !Number.isFinite(xv) || !Number.isFinite(yv)) continue;
    sxx += (xv - mx) ** 2;
    sxy += (xv - mx) * (yv - my);
  }
  if (sxx <= 0) return null;
  const slope = sxy / sxx;
  const intercept = my - slope * mx;
  const residuals: number[] = [];
  for (let t = from; t < to; t += 1) {
    const [xv, yv] = [x[t] ?? Number.NaN, y[t] ?? Number.NaN];
    if (usable[t] && Number.isFinite(xv) && Number.isFinite(yv))
      residuals.push(yv - intercept - slope * xv);
  }
  const scale = robustSigma(residuals);
  return scale > 0 ? { intercept, slope, centre: median(residuals), scale } : null;
}

const sse = (values: readonly number[], centre: number) =>
  values.reduce((sum, v) => sum + (v - centre) ** 2, 0);
const meanValue = (values: readonly number[]) =>
  values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * Step or line, whichever fits the residual (the run and the windows before it) with the smaller
 * squared error: a step's few windows of slope inside a run must not read as a drift.
 */
function classify(
  residual: readonly number[],
  start: number,
  windowHours: number,
): Pick<LoneMoverNaming, 'kind' | 'onsetWindow' | 'size'> {
  let best = { error: Infinity, split: 1, size: 0 };
  for (let k = 1; k < residual.length; k += 1) {
    const [before, after] = [residual.slice(0, k), residual.slice(k)];
    const [mb, ma] = [meanValue(before), meanValue(after)];
    const error = sse(before, mb) + sse(after, ma);
    if (error < best.error) best = { error, split: k, size: ma - mb };
  }
  const xs = residual.map((_, i) => i);
  const [mx, my] = [meanValue(xs), meanValue(residual)];
  const sxx = xs.reduce((s, x) => s + (x - mx) ** 2, 0);
  const slope = residual.reduce((s, r, i) => s + (i - mx) * (r - my), 0) / sxx;
  const lineError = residual.reduce((s, r, i) => s + (r - my - slope * (i - mx)) ** 2, 0);
  if (best.error <= lineError)
    return { kind: 'offset', onsetWindow: start + best.split, size: best.size };
  // The drift began where its line leaves the reference's level (0), within the span shown.
  const zero = slope !== 0 ? mx - my / slope : 0;
  const onset = start + Math.max(0, Math.min(residual.length - 1, Math.ceil(zero)));
  return { kind: 'drift', onsetWindow: onset, size: slope / windowHours };
}

/**
 * The lone movers of a group (at least three gauges). Each day every gauge is fitted as a line of
 * the mean of the others over the K days before, and every other gauge as a line of the mean of
 * the group less itself and that suspect (in a group of three, the third gauge alone): with the
 * suspect among its regressors a gauge's estimate moves by 1/(n−1) of the suspect's step, half of
 * it in a group of three. Residuals are standardised by their own fit's robust scale. A gauge is
 * named when, for `runWindows` windows running, its |z| exceeds Z while every other gauge's |z|
 * without it stays below a·Z. A naming lasts until its |z| is back within Z (windows without data
 * do not end it); those windows (from the onset) are left out of every later fit, so a drifting
 * gauge is not learnt by the refit.
 * Several gauges may be named in one window: the caller decides, never by gauge order.
 */
export function loneMovers(
  gauges: readonly (readonly number[])[],
  options: LoneMoverOptions,
): LoneMoverNaming[] {
  const n = gauges.length;
  const length = gauges[0]?.length ?? 0;
  if (n < 3) return [];
  const everyone = gauges.map((_, i) => i);
  const suspectFits: Fit[] = everyone.map((i) => ({
    target: i,
    from: everyone.filter((j) => j !== i),
  }));
  // witnessFits[i]: the other gauges, each estimated without suspect i.
  const witnessFits: Fit[][] = everyone.map((i) =>
    everyone
      .filter((j) => j !== i)
      .map((j) => ({ target: j, from: everyone.filter((k) => k !== i && k !== j) })),
  );
  const predictors = new Map<string, number[]>();
  const predictorOf = (fit: Fit) => {
    const key = fit.from.join(',');
    let values = predictors.get(key);
    if (!values) {
      values = meanOf(gauges, fit.from);
      predictors.set(key, values);
    }
    return values;
  };
  const usable = new Array<boolean>(length).fill(true);
  const { windowsPerDay: day, runWindows, z: limit } = options;
  const reference = options.referenceDays * day;
  const zOf = (fit: Fit, line: Line | null, t: number) => {
    if (!line) return Number.NaN;
    const y = gauges[fit.target]?.[t] ?? Number.NaN;
    const x = predictorOf(fit)[t] ?? Number.NaN;
    return (y - line.intercept - line.slope * x - line.centre) / line.scale;
  };
  const namings: LoneMoverNaming[] = [];
  const run = new Array<number>(n).fill(0);
  const named = new Array<LoneMoverNaming | null>(n).fill(null);
  for (let dayStart = day; dayStart < length; dayStart += day) {
    const refFrom = Math.max(0, dayStart - reference);
    const fit = (f: Fit) =>
      fitLine(
        gauges[f.target] ?? [],
        predictorOf(f),
        refFrom,
        dayStart,
        usable,
        options.minReferenceWindows,
      );
    const suspects = suspectFits.map(fit);
    const witnesses = witnessFits.map((fits) => fits.map(fit));
    const dayEnd = Math.min(length, dayStart + day);
    for (let t = dayStart; t < dayEnd; t += 1) {
      for (let i = 0; i < n; i += 1) {
        const own = Math.abs(zOf(suspectFits[i] as Fit, suspects[i] ?? null, t));
        const naming = named[i];
        if (naming) {
          // Unknown (a gap, or a member's faulted windows) is not a return: the naming lasts.
          if (!(own <= limit)) {
            usable[t] = false;
            continue;
          }
          naming.endWindow = t;
          named[i] = null;
        }
        const others = (witnessFits[i] ?? []).every(
          (f, k) => Math.abs(zOf(f, witnesses[i]?.[k] ?? null, t)) < options.othersFraction * limit,
        );
        run[i] = own > limit && others ? (run[i] ?? 0) + 1 : 0;
        if ((run[i] ?? 0) < runWindows) continue;
        run[i] = 0;
        const start = Math.max(0, t - 2 * runWindows + 1);
        const line = suspects[i] ?? null;
        const residual = Array.from({ length: t - start + 1 }, (_, k) => {
          const z = zOf(suspectFits[i] as Fit, line, start + k);
          return Number.isFinite(z) && line ? z * line.scale : 0;
        });
        const found = classify(residual, start, options.windowHours);
        const fresh: LoneMoverNaming = { gauge: i, namedWindow: t, ...found, endWindow: null };
        namings.push(fresh);
        named[i] = fresh;
        for (let k = found.onsetWindow; k <= t; k += 1) usable[k] = false;
      }
    }
  }
  return namings;
}
