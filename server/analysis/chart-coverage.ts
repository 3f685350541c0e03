import type { CompensationModel } from '../analytics/health-indicator.ts';

/**
 * How far inside the temperatures the reference learnt a window must lie for the control charts
 * to judge it (decision 067), °C. The reference's temperature model (health-indicator.ts: a
 * slope and frost hinges) is fitted by least squares, whose error grows towards the ends of the
 * range it saw (few windows there, most leverage), and a window's air temperature leads the
 * deck's by hours (decision 026), so a window just inside the edge may sit on a deck colder than
 * any the reference met. Chosen on the tuning seeds only (tests/bench/reference-chart-bench.ts).
 */
export const CHART_COVERAGE_MARGIN_C = 2;

/**
 * The charts judge no window colder than this, °C, unless the reference's own training hours
 * filled the frost below it (`FROST_HOURS_PER_DEGREE`): the highest frost hinge of the
 * temperature model (health-indicator.ts). Below it the stiffness follows the
 * deck's frost, which lags the air by hours to days (decision 026), so air temperature alone
 * mispredicts it (issue 29: the frost model failed on a real bridge's unseen months). There the
 * cumulative shift's trigger levels, on daily means, still judge; the charts, window by window,
 * would read the frost's lag as damage (decision 067).
 */
export const CHART_FROST_FLOOR_C = 0;

/**
 * Training hours the reference needs in every 1 °C step below the frost floor (plus margin) for
 * the charts to judge down to it: below the floor the charts judge only temperatures the
 * reference's own healthy hours filled, so the threshold bootstrapped on them already holds the
 * frost's misfit. Of 24, 72 and 168 (and 0 with the charts' own model), chosen on the tuning
 * seeds 1-3 only (decision 067, amended 2026-11-30). Infinity: never below the floor.
 */
export const FROST_HOURS_PER_DEGREE = 72;

/**
 * The coldest temperature, °C, down to which every 1 °C step below `fromC` holds at least
 * `hoursPerDegree` of the temperatures given (a reference's training hours); `fromC` when the
 * first step already has too few.
 */
export function learntColdEdge(
  temperatures: readonly number[],
  fromC: number,
  hoursPerDegree: number = FROST_HOURS_PER_DEGREE,
): number {
  if (!Number.isFinite(hoursPerDegree)) return fromC;
  const seen = temperatures.filter(Number.isFinite);
  if (seen.length === 0) return fromC;
  const coldest = Math.min(...seen);
  const perStep = new Map<number, number>();
  for (const t of seen) {
    if (t >= fromC) continue;
    const step = Math.floor(fromC - t);
    perStep.set(step, (perStep.get(step) ?? 0) + 1);
  }
  let edge = fromC;
  for (let step = 0; edge > coldest && (perStep.get(step) ?? 0) >= hoursPerDegree; step += 1) {
    edge = fromC - step - 1;
  }
  return edge;
}

/** The temperatures the charts judge: the reference's, narrowed by the margin. */
export interface ChartCoverage {
  lowC: number;
  highC: number;
}

/**
 * The coverage of a reference's modes: where every mode's temperature model learnt, less the
 * margin at each end, and no colder than the frost floor plus the margin, unless the
 * reference's own training hours (`learntTemperatures`) filled the frost below it
 * (`learntColdEdge`). Null when a mode has no temperature model (nothing to compensate with: the
 * charts would read the seasons as damage) or nothing is left inside the margin.
 */
export function chartCoverage(
  modes: readonly { compensation: Pick<CompensationModel, 'lowC' | 'highC'> | null }[],
  marginC: number = CHART_COVERAGE_MARGIN_C,
  floorC: number = CHART_FROST_FLOOR_C,
  learntTemperatures: readonly number[] = [],
  hoursPerDegree: number = FROST_HOURS_PER_DEGREE,
): ChartCoverage | null {
  if (modes.length === 0) return null;
  let lowC = learntColdEdge(learntTemperatures, floorC + marginC, hoursPerDegree);
  let highC = Infinity;
  for (const { compensation } of modes) {
    if (!compensation) return null;
    lowC = Math.max(lowC, compensation.lowC + marginC);
    highC = Math.min(highC, compensation.highC - marginC);
  }
  return Number.isFinite(lowC) && Number.isFinite(highC) && lowC <= highC ? { lowC, highC } : null;
}

/** Whether the charts judge a window at this temperature (an unknown one: never). */
export function isCovered(coverage: ChartCoverage | null, temperatureC: number): boolean {
  return (
    coverage !== null &&
    Number.isFinite(temperatureC) &&
    temperatureC >= coverage.lowC &&
    temperatureC <= coverage.highC
  );
}
