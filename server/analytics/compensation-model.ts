import { at } from './at.ts';
import { cholesky, choleskySolve } from './linear-algebra.ts';

/**
 * The environmental model of the control charts (issue 29): each modal frequency regressed
 * linearly on the context, the residual taken relative to the prediction (Δf/f), as in Peeters &
 * De Roeck (2001, Earthquake Eng. Struct. Dyn. 30:149) and Magalhães, Cunha & Caetano (2012,
 * Mech. Syst. Signal Process. 28:212). The first context column is the temperature in °C; the
 * others enter linearly.
 *
 * The form is not fixed in advance: a lagged temperature (a deck follows the air by hours) and
 * frost hinges max(0, h − T) (a frozen deck stiffens) are candidates, and the one with the
 * smallest error on held-out blocks of the training rows wins (`chooseCompensation`). The
 * issue's finding was a frost-and-lag form tuned on the product's simulator that mispredicted a
 * real bridge; here the training block of each bridge decides.
 *
 * The model never extrapolates: a row whose context (or lagged temperature) lies outside the
 * range the fit saw is unjudged (`withinRange`), not scored. Unjudged is better than wrong.
 */
export interface CompensationForm {
  /** Time constant in rows of the lagged temperature (exponential mean); 0 = no lag term. */
  lagRows: number;
  /** Frost hinges max(0, h − T) at these temperatures (on the lagged one when there is one). */
  hingesC: number[];
  /**
   * A quadratic term (T/10)² on the same temperature as the hinges (decision 081, amendment
   * (c)). Absent in models stored before it: no square.
   */
  quadratic?: boolean;
}

/** Every combination of no / 3-row / 12-row lag with no hinge, one at 0 °C, two at 0 and −3. */
export const CANDIDATE_FORMS: readonly CompensationForm[] = [0, 3, 12].flatMap((lagRows) =>
  [[], [0], [0, -3]].map((hingesC) => ({ lagRows, hingesC })),
);

/**
 * How the form is chosen among the candidates: 'minimum' held-out error, or 'one-standard-error'
 * (the fewest design columns among the forms within one standard error, over the blocks, of
 * the best; Hastie, Tibshirani & Friedman, Elements of Statistical Learning, §7.10).
 */
export type FormSelection = 'minimum' | 'one-standard-error';

export interface CandidateSet {
  forms: readonly CompensationForm[];
  selection: FormSelection;
}

/** The nine forms of decision 028 by minimum held-out error (the stored analysis keeps them). */
export const CURRENT_CANDIDATES: CandidateSet = { forms: CANDIDATE_FORMS, selection: 'minimum' };

/**
 * Decision 081, amendment (c): the candidates widened on general grounds, not from any
 * simulator's constants: lags on a doubling grid from 3 rows to a day, frost hinges every 2 °C
 * from 0 to −4 beside the old sets, each with and without a quadratic term (the polynomial
 * models of Moser & Moaveni 2011). 40 forms.
 */
export const WIDE_CANDIDATE_FORMS: readonly CompensationForm[] = [0, 3, 6, 12, 24].flatMap(
  (lagRows) =>
    [[], [0], [0, -3], [0, -2, -4]].flatMap((hingesC) =>
      [false, true].map((quadratic) => ({ lagRows, hingesC, quadratic })),
    ),
);

export const WIDE_CANDIDATES: CandidateSet = { forms: WIDE_CANDIDATE_FORMS, selection: 'minimum' };
export const WIDE_CANDIDATES_1SE: CandidateSet = {
  forms: WIDE_CANDIDATE_FORMS,
  selection: 'one-standard-error',
};

/** A fitted environmental model, JSON-safe. */
export interface ModalCompensation {
  form: CompensationForm;
  /** Per mode, the coefficients of the design row (intercept, context, lag, hinges). */
  beta: number[][];
  /** Range seen in training of each input: the context columns, then the lagged temperature. */
  low: number[];
  high: number[];
}

/** Design rows and range-checked inputs of a context series, built causally row by row. */
export interface DesignSeries {
  designs: number[][];
  inputs: number[][];
}

/** A causal builder of design rows: the lagged temperature carries over from row to row. */
export function designBuilder(form: CompensationForm): (context: readonly number[]) => {
  design: number[];
  inputs: number[];
} {
  let lagged = Number.NaN;
  return (context) => {
    if (context.length === 0) return { design: [1], inputs: [] };
    const temperature = at(context, 0);
    const inputs = [...context];
    let base = temperature;
    const design = [1, ...context];
    if (form.lagRows > 0) {
      lagged = Number.isFinite(lagged)
        ? lagged + (temperature - lagged) / form.lagRows
        : temperature;
      inputs.push(lagged);
      design.push(lagged);
      base = lagged;
    }
    // Before the hinges: decision 081's margin reads the hinges as the design's last entries.
    if (form.quadratic === true) design.push((base / 10) ** 2);
    for (const h of form.hingesC) design.push(Math.max(0, h - base));
    return { design, inputs };
  };
}

export function designSeries(
  form: CompensationForm,
  context: readonly (readonly number[])[],
): DesignSeries {
  const build = designBuilder(form);
  const designs: number[][] = [];
  const inputs: number[][] = [];
  for (const row of context) {
    const built = build(row);
    designs.push(built.design);
    inputs.push(built.inputs);
  }
  return { designs, inputs };
}

/** Fits the form on the given rows of a design series (NaN frequencies are left out per mode). */
export function fitCompensationOn(
  form: CompensationForm,
  series: DesignSeries,
  features: readonly (readonly number[])[],
  rows: readonly number[],
): ModalCompensation {
  const modes = at(features, 0).length;
  const p = at(series.designs, 0).length;
  // One cross-product matrix for every mode, less the rows where that mode is missing: the
  // candidate forms are fitted 45 times per training, so the shared part is computed once.
  const shared = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  const own = Array.from({ length: modes }, () => ({
    xtx: Array.from({ length: p }, () => new Array<number>(p).fill(0)),
    xty: new Array<number>(p).fill(0),
  }));
  for (const i of rows) {
    const x = at(series.designs, i);
    const f = at(features, i);
    for (let a = 0; a < p; a += 1) {
      const row = at(shared, a);
      for (let b = 0; b < p; b += 1) row[b] = at(row, b) + at(x, a) * at(x, b);
    }
    f.forEach((value, k) => {
      const mode = at(own, k);
      if (Number.isFinite(value)) {
        for (let a = 0; a < p; a += 1) mode.xty[a] = at(mode.xty, a) + at(x, a) * value;
        return;
      }
      for (let a = 0; a < p; a += 1) {
        const row = at(mode.xtx, a);
        for (let b = 0; b < p; b += 1) row[b] = at(row, b) + at(x, a) * at(x, b);
      }
    });
  }
  const beta = own.map(({ xtx, xty }) =>
    solveRidge(
      shared.map((row, a) => row.map((v, b) => v - at(at(xtx, a), b))),
      xty,
    ),
  );
  const width = at(series.inputs, 0).length;
  const low = new Array<number>(width).fill(Infinity);
  const high = new Array<number>(width).fill(-Infinity);
  for (const i of rows) {
    at(series.inputs, i).forEach((v, c) => {
      low[c] = Math.min(at(low, c), v);
      high[c] = Math.max(at(high, c), v);
    });
  }
  return { form, beta, low, high };
}

/** Least squares from the normal equations, with a small ridge so collinear columns solve. */
function solveRidge(xtx: number[][], xty: readonly number[]): number[] {
  const scale = Math.max(1, ...xtx.map((row, a) => at(row, a)));
  return choleskySolve(
    cholesky(xtx.map((row, a) => row.map((v, b) => (a === b ? v + 1e-9 * scale : v)))),
    xty,
  );
}

export function withinRange(model: ModalCompensation, inputs: readonly number[]): boolean {
  for (let c = 0; c < inputs.length; c += 1) {
    const v = inputs[c] ?? Number.NaN;
    if (!(v >= (model.low[c] ?? Infinity) && v <= (model.high[c] ?? -Infinity))) return false;
  }
  return true;
}

/** Δf/f of each mode against the model's prediction (NaN where the frequency is missing). */
export function relativeResiduals(
  model: ModalCompensation,
  design: readonly number[],
  features: readonly number[],
  out: number[] = new Array<number>(features.length),
): number[] {
  for (let k = 0; k < features.length; k += 1) {
    const beta = at(model.beta, k);
    let predicted = 0;
    for (let j = 0; j < design.length; j += 1) predicted += (design[j] ?? 0) * (beta[j] ?? 0);
    out[k] = (features[k] ?? Number.NaN) / predicted - 1;
  }
  return out;
}

/** Columns of a form's design row: intercept, context, lag, square, hinges. */
export const designColumns = (form: CompensationForm, contextWidth: number): number =>
  1 +
  contextWidth +
  (form.lagRows > 0 ? 1 : 0) +
  (form.quadratic === true ? 1 : 0) +
  form.hingesC.length;

/**
 * The standard error of a held-out mean square from its blocks' own mean squares (sd over the
 * blocks / √blocks): the blocks are long and contiguous, so nearly independent, unlike the rows.
 */
export function blockStandardError(heldOut: HeldOutResiduals, folds: readonly number[][]): number {
  const blockOf = new Map<number, number>();
  folds.forEach((fold, f) => {
    for (const i of fold) blockOf.set(i, f);
  });
  const perBlock = folds.map(() => [] as number[][]);
  heldOut.rows.forEach((i, r) => at(perBlock, blockOf.get(i) ?? 0).push(at(heldOut.residuals, r)));
  const means = perBlock.map(meanSquare).filter(Number.isFinite);
  if (means.length < 2) return 0;
  const mean = means.reduce((s, v) => s + v, 0) / means.length;
  const variance = means.reduce((s, v) => s + (v - mean) ** 2, 0) / (means.length - 1);
  return Math.sqrt(variance / means.length);
}

function simplestWithin<T extends { form: CompensationForm; heldOutMeanSquare: number }>(
  tried: readonly T[],
  bound: number,
  contextWidth: number,
): T {
  const columns = (t: T) => designColumns(t.form, contextWidth);
  return tried
    .filter((t) => t.heldOutMeanSquare <= bound)
    .reduce((a, b) => {
      const ca = columns(a);
      const cb = columns(b);
      return cb < ca || (cb === ca && b.heldOutMeanSquare < a.heldOutMeanSquare) ? b : a;
    });
}

/** Contiguous blocks of the row indices 0..n−1. */
export function contiguousFolds(n: number, folds: number): number[][] {
  return Array.from({ length: folds }, (_, f) => {
    const from = Math.floor((f * n) / folds);
    const to = Math.floor(((f + 1) * n) / folds);
    return Array.from({ length: to - from }, (_, i) => from + i);
  });
}

export interface HeldOutResiduals {
  /** Training rows judged when held out, in time order. */
  rows: number[];
  /** Their Δf/f per mode, from a fit that did not see their block. */
  residuals: number[][];
}

/**
 * Each block's residuals from the form fitted on the other blocks; rows whose raw context lies
 * outside the other blocks' range are left out, as they would be unjudged.
 */
export function heldOutResiduals(
  form: CompensationForm,
  features: readonly (readonly number[])[],
  context: readonly (readonly number[])[],
  folds: number[][],
): HeldOutResiduals {
  const series = designSeries(form, context);
  const rawWidth = at(context, 0).length;
  const rows: number[] = [];
  const residuals: number[][] = [];
  folds.forEach((fold, f) => {
    const others = folds.filter((_, g) => g !== f).flat();
    const model = fitCompensationOn(form, series, features, others);
    for (const i of fold) {
      const inputs = at(series.inputs, i).slice(0, rawWidth);
      if (!withinRange(model, inputs)) continue;
      rows.push(i);
      residuals.push(relativeResiduals(model, at(series.designs, i), at(features, i)));
    }
  });
  return { rows, residuals };
}

export const meanSquare = (residuals: readonly (readonly number[])[]): number => {
  let sum = 0;
  let count = 0;
  for (const row of residuals) {
    for (const r of row) {
      if (!Number.isFinite(r)) continue;
      sum += r * r;
      count += 1;
    }
  }
  return count === 0 ? Infinity : sum / count;
};

export interface CompensationChoice {
  model: ModalCompensation;
  /** The chosen form's held-out residuals (for the charts' calibration). */
  heldOut: HeldOutResiduals;
  /** Each candidate's held-out mean square of Δf/f, in the candidate set's order. */
  candidates: { form: CompensationForm; heldOutMeanSquare: number }[];
}

export const CHOICE_FOLDS = 5;

/**
 * The form with the smallest held-out error over contiguous blocks of the training rows (all
 * forms judged on the same rows: those whose raw context the other blocks cover), refitted on
 * every training row. Without context the model is each mode's level.
 */
export function chooseCompensation(
  features: readonly (readonly number[])[],
  context: readonly (readonly number[])[],
  candidates: CandidateSet = CURRENT_CANDIDATES,
): CompensationChoice {
  const n = features.length;
  const folds = contiguousFolds(n, CHOICE_FOLDS);
  const width = at(context, 0).length;
  const forms = width === 0 ? [{ lagRows: 0, hingesC: [] }] : candidates.forms;
  const tried = forms.map((form) => {
    const heldOut = heldOutResiduals(form, features, context, folds);
    return { form, heldOut, heldOutMeanSquare: meanSquare(heldOut.residuals) };
  });
  const minimum = tried.reduce((a, b) => (b.heldOutMeanSquare < a.heldOutMeanSquare ? b : a));
  const best =
    candidates.selection === 'minimum'
      ? minimum
      : simplestWithin(
          tried,
          minimum.heldOutMeanSquare + blockStandardError(minimum.heldOut, folds),
          width,
        );
  const all = Array.from({ length: n }, (_, i) => i);
  return {
    model: fitCompensationOn(best.form, designSeries(best.form, context), features, all),
    heldOut: best.heldOut,
    candidates: tried.map(({ form, heldOutMeanSquare }) => ({ form, heldOutMeanSquare })),
  };
}
