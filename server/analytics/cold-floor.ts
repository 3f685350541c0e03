import { at } from './at.ts';
import { designSeries, type ModalCompensation } from './compensation-model.ts';

/**
 * Decision 081 (e): how far into the cold the control charts judge. The temperature model's
 * misfit under physics outside its forms sits in the coldest weeks (amendment (d)), where the
 * training rows are few and the frost terms rest on one cold spell. Rows colder than the floor
 * are unjudged (issue 29: unjudged is better than wrong).
 * - 'none': the learnt range only (decision 028);
 * - 'held-out': no colder than the coldest row whose error was measured held out;
 * - `{ supportRows }`: no colder than the temperature with that many training rows below it.
 */
export type ColdFloorRule = 'none' | 'held-out' | { supportRows: number };

/** The temperature the frost terms read: the lagged one when the form has a lag, else the air. */
export function baseTemperature(model: ModalCompensation, inputs: readonly number[]): number {
  if (inputs.length === 0) return Number.NaN;
  return model.form.lagRows > 0 ? at(inputs, inputs.length - 1) : at(inputs, 0);
}

/**
 * The floor, °C, of a rule for a model trained on `context` (all its rows), whose held-out rows
 * are `heldOutRows`; null when the rule sets none (or there is no temperature column).
 */
export function coldFloorC(
  rule: ColdFloorRule,
  model: ModalCompensation,
  context: readonly (readonly number[])[],
  heldOutRows: readonly number[],
): number | null {
  if (rule === 'none' || context.length === 0 || at(context, 0).length === 0) return null;
  const { inputs } = designSeries(model.form, context);
  const base = (i: number) => baseTemperature(model, at(inputs, i));
  if (rule === 'held-out') {
    let coldest = Infinity;
    for (const i of heldOutRows) coldest = Math.min(coldest, base(i));
    return Number.isFinite(coldest) ? coldest : null;
  }
  const sorted = inputs.map((_, i) => base(i)).filter(Number.isFinite);
  sorted.sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  return at(sorted, Math.min(sorted.length - 1, Math.max(0, Math.floor(rule.supportRows))));
}
