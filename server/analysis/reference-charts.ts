import { at } from '../analytics/at.ts';
import {
  chooseCompensation,
  designBuilder,
  type ModalCompensation,
  relativeResiduals,
  withinRange,
} from '../analytics/compensation-model.ts';
import { calibrateCharts, type ControlChartModel } from '../analytics/control-charts.ts';
import { chooseProjection } from '../analytics/environmental-factors.ts';
import { applyCompensation } from '../analytics/health-indicator.ts';
import type { BaselineMode } from '../db/schema.ts';
import { DAY_MS } from './analysis-rules.ts';
import { chartCoverage, type ChartCoverage, isCovered } from './chart-coverage.ts';

/**
 * In-control average run length the reference's charts are set for: five years between false
 * alarm episodes on the bootstrap of the reference's own residuals. Chosen with the coverage
 * margin on the tuning seeds (1-3) only: of 2 and 5 years, the shortest whose false episodes
 * stayed at 0.5 a bridge-year or fewer for a 90-day and a one-year reference alike; the
 * bootstrap of a short reference promises fewer than later seasons give (decision 067).
 */
export const REFERENCE_CHART_ARL_DAYS = 1825;

/**
 * The charts read hourly means of the windows, as the detect command reads hourly rows: an hour
 * averages six 10-minute identifications, and a five-year run length is 43,800 rows to
 * bootstrap rather than 262,800.
 */
export const CHART_ROW_MS = 3_600_000;

/** Bootstrap rows per target run length: ten run lengths, about 0.4 M rows, a second or two. */
const RUNS_PER_ARL = 10;

/** Hours at or below the threshold that end a chart episode (calibrated with the same rule). */
export const CHART_QUIET_HOURS = 6;

/**
 * New versions' charts get their own temperature model, of the form (lagged temperature, frost
 * hinges) the detect command chooses by held-out error (compensation-model.ts), instead of the
 * reference's air-temperature hinge model: the deck lags the air, and in frost that lag moves a
 * mode by more than a 2 % loss. Chosen on the tuning seeds 1-3 only (decision 067, amended
 * 2026-11-30): with the air-temperature model, judging the learnt frost raised a cold snap's
 * loss after 54-174 h; with the chosen form, after 6 h.
 */
export const CHARTS_CHOOSE_FORM = true;

/** Fewest healthy hours inside the coverage the charts are calibrated on (five folds of eight). */
export const MIN_CHART_WINDOWS = 40;

interface ChartWindow {
  start: number;
  features: readonly number[];
  temperatureC: number;
}

/**
 * The control charts of an accepted reference version (issue 29, decision 067): the charts of
 * control-charts.ts on each mode's relative residual against the reference's own temperature
 * model and compensated mean, their threshold set once, when the version is made, by a block
 * bootstrap of the reference's own healthy windows. Stored with the version and never re-chosen
 * on later data.
 */
export interface ReferenceCharts {
  /** The reference's modes the charts watch, in the charts' order. */
  features: string[];
  coverage: ChartCoverage;
  model: ControlChartModel;
  /** Minutes a chart row spans (its hour): the run lengths are counted in rows. */
  windowMinutes: number;
  quietWindows: number;
  targetArlDays: number;
  /** Days per false-alarm episode on the bootstrap series at the threshold (null: none came). */
  bootstrapArlDays: number | null;
  blockWindows: number;
  calibratedOn: number;
  /**
   * The charts' own temperature model, its form (lagged air temperature, frost hinges) chosen by
   * held-out error on the reference's training hours as the detect command chooses it
   * (compensation-model.ts); absent: the reference's modes' models with the coverage's frost
   * floor (versions made before).
   */
  compensation?: ModalCompensation;
}

/** Time constants of the lagged temperature a chart run lets pass before it judges an hour. */
const LAG_SETTLING_CONSTANTS = 4;

/**
 * The lagged temperature of hourly rows that may have gaps (an hour with no window makes no
 * row; an hour without a temperature carries none), and whether it has settled. A gap of at most
 * one time constant is bridged with the air temperature interpolated across it; after a longer
 * one the lag restarts at the next row's air temperature and settles again, as at the start of
 * a run: a lag carried over a gap of g hours is off by about 1 − e^(−g/τ) of the air's change
 * meanwhile (63 % after one time constant), which the charts would read as a shift.
 */
function laggedDesigns(form: ModalCompensation['form'], rows: readonly ChartWindow[]) {
  const settling = LAG_SETTLING_CONSTANTS * form.lagRows;
  let build = designBuilder(form);
  let judgedFrom = settling;
  let previous: ChartWindow | null = null;
  return rows.map((row, i) => {
    if (!Number.isFinite(row.temperatureC)) {
      previous = null;
      return null;
    }
    const missing = previous ? Math.round((row.start - previous.start) / CHART_ROW_MS) - 1 : 0;
    if (i > 0 && (previous === null || missing > form.lagRows)) {
      build = designBuilder(form);
      judgedFrom = i + settling;
    } else if (previous !== null && form.lagRows > 0) {
      const from = previous.temperatureC;
      for (let k = 1; k <= missing; k += 1) {
        build([from + ((row.temperatureC - from) * k) / (missing + 1)]);
      }
    }
    previous = row;
    const built = build([row.temperatureC]);
    return i < judgedFrom ? null : built;
  });
}

/** Each hourly row's Δf/f per watched mode against the charts' own model; null: unjudged. */
export function chosenFormResiduals(
  compensation: ModalCompensation,
  coverage: ChartCoverage,
  features: readonly string[],
  featureNames: readonly string[],
  rows: readonly ChartWindow[],
): (number[] | null)[] {
  const columns = features.map((feature) => featureNames.indexOf(feature));
  // The lagged temperature starts at the first row's air temperature (and again after a long
  // gap): until it has run for a few time constants it is not the deck's, and a chart run from
  // a zero state would read that start-up as a shift.
  const designs = laggedDesigns(compensation.form, rows);
  return rows.map((row, i) => {
    const built = designs[i];
    if (!built) return null;
    if (!withinRange(compensation, built.inputs) || !isCovered(coverage, row.temperatureC)) {
      return null;
    }
    const observed = columns.map((j) => (j < 0 ? Number.NaN : at(row.features, j)));
    return relativeResiduals(compensation, built.design, observed);
  });
}

/** What a reference's charts are set with; each defaults to the product's chosen value. */
export interface ChartTrainingOptions {
  targetArlDays?: number;
  marginC?: number;
  floorC?: number;
  frostHoursPerDegree?: number;
  seed?: number;
}

/** Each window's Δf/f per mode against the reference; null where the charts do not judge it. */
export function referenceResiduals(
  modes: readonly BaselineMode[],
  features: readonly string[],
  featureNames: readonly string[],
  coverage: ChartCoverage | null,
  windows: readonly ChartWindow[],
): (number[] | null)[] {
  const watched = features.map((feature) => ({
    mode: modes.find((m) => m.feature === feature),
    j: featureNames.indexOf(feature),
  }));
  return windows.map((w) => {
    if (!isCovered(coverage, w.temperatureC)) return null;
    return watched.map(({ mode, j }) => {
      const comp = mode?.compensation;
      if (!mode || !comp || j < 0) return Number.NaN;
      const compensated = applyCompensation(comp, at(w.features, j), w.temperatureC);
      return (compensated - mode.mean_hz) / mode.mean_hz;
    });
  });
}

/**
 * Hourly rows of windows in time order: each hour's mean of every feature (NaN where no window
 * of the hour has it) and of the temperature. An hour with no window makes no row.
 */
export function hourlyRows(windows: readonly ChartWindow[]): ChartWindow[] {
  const rows: ChartWindow[] = [];
  let sums: number[] = [];
  let counts: number[] = [];
  let temperature = { sum: 0, count: 0 };
  let hour = Number.NaN;
  const close = () => {
    if (Number.isNaN(hour)) return;
    rows.push({
      start: hour,
      features: sums.map((sum, k) => (at(counts, k) > 0 ? sum / at(counts, k) : Number.NaN)),
      temperatureC: temperature.count > 0 ? temperature.sum / temperature.count : Number.NaN,
    });
  };
  for (const w of windows) {
    const start = Math.floor(w.start / CHART_ROW_MS) * CHART_ROW_MS;
    if (start !== hour) {
      close();
      hour = start;
      sums = w.features.map(() => 0);
      counts = w.features.map(() => 0);
      temperature = { sum: 0, count: 0 };
    }
    w.features.forEach((f, k) => {
      if (!Number.isFinite(f)) return;
      sums[k] = at(sums, k) + f;
      counts[k] = at(counts, k) + 1;
    });
    if (Number.isFinite(w.temperatureC)) {
      temperature.sum += w.temperatureC;
      temperature.count += 1;
    }
  }
  close();
  return rows;
}

/**
 * Calibrates the reference's charts on its own training windows' hourly rows (healthy by decision 041: no
 * alarm episode, no time after an open structural alert, no faulty stream) inside the coverage.
 * Null when the reference has no temperature model or too few covered windows: then the charts
 * judge nothing and the moving model and the shift's trigger levels stand alone.
 */
export function trainReferenceCharts(
  modes: readonly BaselineMode[],
  featureNames: readonly string[],
  windows: readonly ChartWindow[],
  options: ChartTrainingOptions & { chooseForm?: boolean } = {},
): ReferenceCharts | null {
  if (options.chooseForm ?? CHARTS_CHOOSE_FORM) {
    return trainChosenFormCharts(modes, featureNames, windows, options);
  }
  const rows = hourlyRows(windows);
  const coverage = chartCoverage(
    modes,
    options.marginC,
    options.floorC,
    rows.map((r) => r.temperatureC),
    options.frostHoursPerDegree,
  );
  const features = modes.filter((m) => featureNames.includes(m.feature)).map((m) => m.feature);
  if (!coverage || features.length === 0) return null;
  const residuals = referenceResiduals(modes, features, featureNames, coverage, rows).filter(
    (r): r is number[] => r !== null && r.some(Number.isFinite),
  );
  return calibrated(features, coverage, residuals, options);
}

/**
 * Charts set on healthy residuals for the target run length (null: too few to calibrate on),
 * with the temperature model they were computed against when it is the charts' own.
 */
function calibrated(
  features: string[],
  coverage: ChartCoverage,
  residuals: number[][],
  options: { targetArlDays?: number; seed?: number },
  compensation?: ModalCompensation,
): ReferenceCharts | null {
  if (residuals.length < MIN_CHART_WINDOWS) return null;
  const perDay = DAY_MS / CHART_ROW_MS;
  const targetArlDays = options.targetArlDays ?? REFERENCE_CHART_ARL_DAYS;
  const quietWindows = Math.round((CHART_QUIET_HOURS * 3_600_000) / CHART_ROW_MS);
  const { projection } = chooseProjection(residuals);
  const { model, calibration } = calibrateCharts(residuals, projection, targetArlDays * perDay, {
    seed: options.seed,
    quietRows: quietWindows,
    runsPerArl: RUNS_PER_ARL,
  });
  return {
    features,
    coverage,
    model,
    windowMinutes: CHART_ROW_MS / 60_000,
    quietWindows,
    targetArlDays,
    bootstrapArlDays: Number.isFinite(calibration.bootstrapArlRows)
      ? calibration.bootstrapArlRows / perDay
      : null,
    blockWindows: calibration.blockLength,
    calibratedOn: residuals.length,
    ...(compensation ? { compensation } : {}),
  };
}

/**
 * The charts with their own temperature model: the form with the smallest held-out error on the
 * version's training hours, the threshold bootstrapped on that form's held-out residuals (as
 * the detect command's charts, control-chart-detector.ts). The model never extrapolates: an hour
 * whose air or lagged temperature lies outside what it learnt is unjudged.
 */
function trainChosenFormCharts(
  modes: readonly BaselineMode[],
  featureNames: readonly string[],
  windows: readonly ChartWindow[],
  options: ChartTrainingOptions,
): ReferenceCharts | null {
  const features = modes.filter((m) => featureNames.includes(m.feature)).map((m) => m.feature);
  const rows = hourlyRows(windows).filter((r) => Number.isFinite(r.temperatureC));
  if (features.length === 0 || rows.length < MIN_CHART_WINDOWS) return null;
  const columns = features.map((feature) => featureNames.indexOf(feature));
  const choice = chooseCompensation(
    rows.map((r) => columns.map((j) => at(r.features, j))),
    rows.map((r) => [r.temperatureC]),
  );
  const coverage = chartCoverage(
    [{ compensation: { lowC: at(choice.model.low, 0), highC: at(choice.model.high, 0) } }],
    options.marginC,
    options.floorC,
    rows.map((r) => r.temperatureC),
    options.frostHoursPerDegree,
  );
  if (!coverage) return null;
  const residuals = choice.heldOut.residuals.filter(
    (r, k) =>
      r.some(Number.isFinite) &&
      isCovered(coverage, at(rows, at(choice.heldOut.rows, k)).temperatureC),
  );
  return calibrated(features, coverage, residuals, options, choice.model);
}
