import type { BaselineMode } from '../db/schema.ts';

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
 * The charts judge no window colder than this, °C, whatever the reference learnt: the highest
 * frost hinge of the temperature model (health-indicator.ts). Below it the stiffness follows the
 * deck's frost, which lags the air by hours to days (decision 026), so air temperature alone
 * mispredicts it (issue 29: the frost model failed on a real bridge's unseen months). There the
 * cumulative shift's trigger levels, on daily means, still judge; the charts, window by window,
 * would read the frost's lag as damage (decision 067).
 */
export const CHART_FROST_FLOOR_C = 0;

/** The temperatures the charts judge: the reference's, narrowed by the margin. */
export interface ChartCoverage {
  lowC: number;
  highC: number;
}

/**
 * The coverage of a reference's modes: where every mode's temperature model learnt, less the
 * margin at each end, and no colder than the frost floor plus the margin. Null when a mode has no temperature model (nothing to compensate with: the
 * charts would read the seasons as damage) or nothing is left inside the margin.
 */
export function chartCoverage(
  modes: readonly Pick<BaselineMode, 'compensation'>[],
  marginC: number = CHART_COVERAGE_MARGIN_C,
  floorC: number = CHART_FROST_FLOOR_C,
): ChartCoverage | null {
  if (modes.length === 0) return null;
  let lowC = floorC + marginC;
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
