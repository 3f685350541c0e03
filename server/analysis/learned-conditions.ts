import { at } from '../analytics/at.ts';
import type { DetectorModel } from '../analytics/detector-types.ts';
import { LAGGED_TEMPERATURE_COLUMN } from './context.ts';

/**
 * Degrees beyond the baseline's temperature range that the linear context model (temperature
 * trend and frost hinge) is trusted to extrapolate. Autumn days a little colder than any seen so
 * far are still judged; a window further out is not judged at all until a baseline has seen it.
 */
export const LEARNED_MARGIN_C = 3;
/** Colder than this, a baseline that never froze has not learnt the frozen deck. */
const FROST_C = -0.5;

/**
 * True when a window's temperature (context column 0) lies outside the conditions the baseline
 * learnt: beyond its range by more than the margin, or colder than any baseline window below
 * 0 °C (frozen when the baseline never was). Such a
 * window is reported as 'outside learned conditions' and counted, never judged normal or
 * anomalous: in the simulator's physics first frost lifts f1 by up to 8 %, tens of standard
 * deviations of a summer baseline, which would read as damage all winter.
 */
export function outsideLearnedConditions(
  model: DetectorModel,
  context: readonly number[],
): boolean {
  if (context.length === 0 || model.contextLow.length === 0) return false;
  // The deck follows the air with a lag (context.ts): a morning thaw of the air finds the deck
  // still frozen, so the lagged temperature must lie inside what was learnt as well.
  const columns =
    context.length > LAGGED_TEMPERATURE_COLUMN && model.contextLow.length === context.length
      ? [0, LAGGED_TEMPERATURE_COLUMN]
      : [0];
  return columns.some((k) =>
    outsideRange(at(context, k), at(model.contextLow, k), at(model.contextHigh, k)),
  );
}

function outsideRange(t: number, low: number, high: number): boolean {
  if (t < FROST_C && low > 0) return true;
  // Below freezing the stiffening is far from linear: no extrapolation below the coldest seen.
  if (t < low && t < 0) return true;
  return t < low - LEARNED_MARGIN_C || t > high + LEARNED_MARGIN_C;
}

/** Whether the baseline saw a frozen deck (at or below 0 °C); null without a temperature. */
export function baselineFroze(model: DetectorModel): boolean | null {
  return model.contextLow.length === 0 ? null : at(model.contextLow, 0) <= 0;
}
