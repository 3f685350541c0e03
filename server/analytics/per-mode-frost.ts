import { at } from './at.ts';
import {
  chooseCompensation,
  CHOICE_FOLDS,
  contiguousFolds,
  CURRENT_CANDIDATES,
  designSeries,
  fitCompensationOn,
  heldOutResiduals,
  type CandidateSet,
  type CompensationChoice,
  type CompensationForm,
} from './compensation-model.ts';

/**
 * Decision 081 (e), candidate B: the frost form chosen per mode. The lag (and square) are chosen
 * jointly as `chooseCompensation` does; then each mode takes, among the candidate hinge sets with
 * that lag, the one with its own smallest held-out mean square. The model's design carries the
 * union of the chosen hinges and a mode's coefficients are zero on hinges it did not choose, so
 * the model is an ordinary `ModalCompensation` (scored, range-checked and stored as any other).
 */
export function chooseCompensationPerModeFrost(
  features: readonly (readonly number[])[],
  context: readonly (readonly number[])[],
  candidates: CandidateSet = CURRENT_CANDIDATES,
): CompensationChoice {
  const joint = chooseCompensation(features, context, candidates);
  const chosen = joint.model.form;
  const siblings = candidates.forms.filter(
    (f) => f.lagRows === chosen.lagRows && (f.quadratic ?? false) === (chosen.quadratic ?? false),
  );
  if (siblings.length < 2) return joint;
  const folds = contiguousFolds(features.length, CHOICE_FOLDS);
  const tried = siblings.map((form) => ({
    form,
    heldOut: heldOutResiduals(form, features, context, folds),
  }));
  const modes = at(features, 0).length;
  const perMode = Array.from({ length: modes }, (_, k) =>
    tried.reduce((a, b) =>
      modeMeanSquare(b.heldOut.residuals, k) < modeMeanSquare(a.heldOut.residuals, k) ? b : a,
    ),
  );
  const hingesC = [...new Set(perMode.flatMap((t) => t.form.hingesC))].sort((a, b) => b - a);
  const union: CompensationForm = { ...chosen, hingesC };
  const all = Array.from({ length: features.length }, (_, i) => i);
  const model = fitCompensationOn(union, designSeries(union, context), features, all);
  const prefix = at(model.beta, 0).length - hingesC.length;
  model.beta = perMode.map((t, k) => {
    const own = at(fitCompensationOn(t.form, designSeries(t.form, context), features, all).beta, k);
    const beta = own.slice(0, prefix);
    for (const h of hingesC) {
      const j = t.form.hingesC.indexOf(h);
      beta.push(j < 0 ? 0 : at(own, prefix + j));
    }
    return beta;
  });
  // The held-out rows are the same for every sibling (judged on the raw context alone).
  const first = at(tried, 0).heldOut;
  const residuals = first.rows.map((_, r) =>
    perMode.map((t, k) => at(at(t.heldOut.residuals, r), k)),
  );
  return {
    model,
    heldOut: { rows: first.rows, residuals },
    candidates: joint.candidates,
  };
}

function modeMeanSquare(residuals: readonly (readonly number[])[], k: number): number {
  let sum = 0;
  let count = 0;
  for (const row of residuals) {
    const r = row[k] ?? Number.NaN;
    if (!Number.isFinite(r)) continue;
    sum += r * r;
    count += 1;
  }
  return count === 0 ? Infinity : sum / count;
}
