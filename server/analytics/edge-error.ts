import { at } from './at.ts';
import {
  designSeries,
  fitCompensationOn,
  relativeResiduals,
  type ModalCompensation,
} from './compensation-model.ts';

/**
 * Decision 081 (h), rule W: rows above the learnt warm edge are judged with each mode's residual
 * shrunk towards 0 by `factor` × the form's measured extrapolation error per °C × the row's
 * excess. The error is measured on the training rows themselves (an edge hold-out): the form
 * fitted again without the warmest `bandC` °C predicts them.
 */
export interface WarmWidening {
  /** Multiple of the measured error per °C (a misfit's curvature grows faster than linearly). */
  factor: number;
  /** Width of the warm band held out of the trimmed fit, °C. */
  bandC: number;
  /** Fewer band rows with a mode observed: the error is not measured, nothing is extrapolated. */
  minRows: number;
}

/** Decision 081 (h)'s constants, fixed before any run. */
export const EDGE_WIDENING: WarmWidening = { factor: 2, bandC: 4, minRows: 48 };

/** Indices of the temperature inputs: the first context column and, with a lag, the lagged one. */
export function temperatureInputs(model: ModalCompensation, inputs: readonly number[]): number[] {
  return model.form.lagRows > 0 && inputs.length > 1 ? [0, inputs.length - 1] : [0];
}

/** °C of the row's largest excess over `high` on its temperature inputs (0 when none is above). */
export function warmExcess(
  model: ModalCompensation,
  inputs: readonly number[],
  high: readonly number[] = model.high,
): number {
  let excess = 0;
  for (const c of temperatureInputs(model, inputs)) {
    excess = Math.max(excess, (inputs[c] ?? Number.NaN) - (high[c] ?? Infinity));
  }
  return excess;
}

/**
 * Per mode, the least-squares slope through the origin of the trimmed fit's relative residual on
 * the band row's excess over the trimmed high (relative Δf/f per °C, as a magnitude), or null
 * when some mode has fewer than `minRows` band rows (or the form cannot be trimmed).
 */
export function edgeErrorPerC(
  model: ModalCompensation,
  features: readonly (readonly number[])[],
  context: readonly (readonly number[])[],
  widening: WarmWidening = EDGE_WIDENING,
): number[] | null {
  if (features.length === 0 || context.length === 0 || at(context, 0).length === 0) return null;
  const series = designSeries(model.form, context);
  const trimmedHigh = model.high.map((h) => h - widening.bandC);
  const hinges = model.form.hingesC.length;
  const inner: number[] = [];
  const band: { row: number; excess: number }[] = [];
  series.inputs.forEach((inputs, i) => {
    if (!inputs.every(Number.isFinite)) return;
    const excess = warmExcess(model, inputs, trimmedHigh);
    if (excess <= 0) {
      inner.push(i);
      return;
    }
    const design = at(series.designs, i);
    for (let j = design.length - hinges; j < design.length; j += 1) {
      if ((design[j] ?? 0) !== 0) return;
    }
    band.push({ row: i, excess });
  });
  const modes = at(features, 0).length;
  if (inner.length < at(series.designs, 0).length * 10) return null;
  const trimmed = fitCompensationOn(model.form, series, features, inner);
  const num = new Array<number>(modes).fill(0);
  const den = new Array<number>(modes).fill(0);
  const count = new Array<number>(modes).fill(0);
  for (const { row, excess } of band) {
    const r = relativeResiduals(trimmed, at(series.designs, row), at(features, row));
    r.forEach((v, k) => {
      if (!Number.isFinite(v)) return;
      num[k] = at(num, k) + v * excess;
      den[k] = at(den, k) + excess * excess;
      count[k] = at(count, k) + 1;
    });
  }
  if (count.some((n) => n < widening.minRows)) return null;
  return num.map((n, k) => Math.abs(n) / at(den, k));
}

/**
 * Shrinks each residual towards 0 by factor × error per °C × excess (in place): only the part of a
 * deviation beyond the widened interval is left.
 */
export function shrinkResiduals(
  residuals: number[],
  errorPerC: readonly number[],
  factor: number,
  excess: number,
): number[] {
  for (let k = 0; k < residuals.length; k += 1) {
    const r = residuals[k] ?? Number.NaN;
    if (!Number.isFinite(r)) continue;
    const width = factor * (errorPerC[k] ?? Infinity) * excess;
    residuals[k] = Math.sign(r) * Math.max(0, Math.abs(r) - width);
  }
  return residuals;
}
