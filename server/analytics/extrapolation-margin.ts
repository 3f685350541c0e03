import type { ModalCompensation } from './compensation-model.ts';
import type { WarmWidening } from './edge-error.ts';

/**
 * How far beyond the temperatures it learnt the environmental model may still judge a row
 * (issue 29: "a fallback that never extrapolates wildly outside the temperatures it learnt";
 * decision 081). Warm side: only where every frost hinge is inactive, so only the model's linear
 * part is extrapolated. Cold side: its own, smaller margin (frost is not linear). Rows beyond
 * the margins stay unjudged.
 */
export interface ExtrapolationMargin {
  /** °C above the learnt high of the air and lagged temperature. */
  warmC: number;
  /** °C below the learnt low. */
  coldC: number;
  /**
   * Rule W (decision 081 (h)): warm rows beyond the learnt high are judged with their residuals
   * shrunk by the form's measured edge error (edge-error.ts); absent: judged as inside rows.
   */
  widening?: WarmWidening;
}

/** Judge only inside the learnt range (decision 028 as it was). */
export const STRICT_RANGE: ExtrapolationMargin = { warmC: 0, coldC: 0 };

export type RowJudgement = 'inside' | 'extrapolated' | 'outside';

/**
 * Whether a row is inside the learnt range, within the margin beyond it, or outside. `inputs`
 * are the context columns (the first the temperature) then, with a lag, the lagged temperature;
 * `design` the row's design (its last entries the frost hinges). A context column other than a
 * temperature is never extrapolated.
 */
export function judgeRow(
  model: ModalCompensation,
  inputs: readonly number[],
  design: readonly number[],
  margin: ExtrapolationMargin,
): RowJudgement {
  const lagged = model.form.lagRows > 0 ? inputs.length - 1 : -1;
  let beyond = false;
  let warm = false;
  for (let c = 0; c < inputs.length; c += 1) {
    const v = inputs[c] ?? Number.NaN;
    const low = model.low[c] ?? Infinity;
    const high = model.high[c] ?? -Infinity;
    if (v >= low && v <= high) continue;
    const temperature = c === 0 || c === lagged;
    if (!temperature || !Number.isFinite(v)) return 'outside';
    if (v > high) {
      if (v > high + margin.warmC) return 'outside';
      warm = true;
    } else if (v < low - margin.coldC) return 'outside';
    beyond = true;
  }
  if (!beyond) return 'inside';
  // A square is not linear: extrapolating it is what issue 29 forbids.
  if (model.form.quadratic === true) return 'outside';
  if (warm && !hingesInactive(model, design)) return 'outside';
  return 'extrapolated';
}

function hingesInactive(model: ModalCompensation, design: readonly number[]): boolean {
  const hinges = model.form.hingesC.length;
  for (let j = design.length - hinges; j < design.length; j += 1) {
    if ((design[j] ?? 0) !== 0) return false;
  }
  return true;
}
