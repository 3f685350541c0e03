// Removing the quasi-static (thermal) part of a strain record before rainflow counting (issue 30).
//
// On an uncompensated gauge the daily temperature swing is mostly apparent strain, and counted
// with the traffic it lifts every truck's range by the drift under it. A linear high-pass would
// also reshape the truck pulses (a crossing lasts seconds, its spectrum reaches down to a fraction
// of a hertz); a moving median does not: it follows the baseline under the traffic as long as
// trucks occupy less than half of the window, and a pulse passes unchanged.
//
// Corner: the window spans one period of the stated corner frequency, T = 1 / f_c. A moving
// average of that length has its first zero at f_c and its half-power point near 0.44·f_c; the
// median is nonlinear, so f_c is the nominal corner. Content slower than f_c is removed.
//
// Cost: the baseline varies slower than f_c by construction, so it is evaluated at knots W/8
// samples apart (a quickselect over the window each) and interpolated linearly between them:
// about 8 window passes per sample, whatever the window length. At a record's ends the window is
// cut short on one side (a window shrunk to both sides would take a pulse at the end for the
// baseline), so there the baseline lags a drift by up to a quarter window.

import { medianOfFirst } from '../order-statistics.ts';

export interface QuasiStaticRemoval {
  /** The samples minus their baseline; gaps stay NaN. */
  dynamic: Float64Array;
  /** Window of the moving median, in samples (odd). */
  windowSamples: number;
}

/** Median of the finite samples in [from, to), NaN if there are none; `scratch` is reused. */
function medianOfFinite(
  samples: Float64Array,
  from: number,
  to: number,
  scratch: Float64Array,
): number {
  let n = 0;
  for (let i = from; i < to; i += 1) {
    const x = samples[i] as number;
    if (x === x) {
      scratch[n] = x;
      n += 1;
    }
  }
  return medianOfFirst(scratch, n);
}

/**
 * Subtracts a moving-median baseline with corner `cornerHz` from samples taken at `rateHz`
 * (NaN marks a gap: left out of the medians and kept as a gap).
 */
export function removeQuasiStatic(
  samples: Float64Array,
  rateHz: number,
  cornerHz: number,
): QuasiStaticRemoval {
  if (!(rateHz > 0) || !Number.isFinite(rateHz)) {
    throw new RangeError(`the sampling rate must be a positive number of Hz, got ${rateHz}`);
  }
  if (!(cornerHz > 0) || !(cornerHz < rateHz / 2)) {
    throw new RangeError(
      `the high-pass corner must be above 0 Hz and below half the sampling rate (${rateHz / 2} Hz), got ${cornerHz}`,
    );
  }
  const half = Math.max(1, Math.round(rateHz / cornerHz / 2));
  const windowSamples = 2 * half + 1;
  const step = Math.max(1, Math.floor(windowSamples / 8));
  const n = samples.length;
  const scratch = new Float64Array(Math.min(windowSamples, Math.max(n, 1)));
  const dynamic = new Float64Array(n);
  // Knots at 0, step, 2·step, … and the last sample; each sample lies within `step` of both of
  // its knots, so their windows hold the sample itself and their medians are never NaN for it.
  let knot = 0;
  let knotValue = medianOfFinite(samples, 0, Math.min(n, half + 1), scratch);
  while (knot < n) {
    const next = Math.min(knot + step, n - 1);
    const nextValue =
      next === knot
        ? knotValue
        : medianOfFinite(samples, Math.max(0, next - half), Math.min(n, next + half + 1), scratch);
    const span = next - knot;
    const last = next === n - 1 ? n : next;
    for (let i = knot; i < last; i += 1) {
      const weight = span === 0 ? 0 : (i - knot) / span;
      const baseline = knotValue + (nextValue - knotValue) * weight;
      dynamic[i] = (samples[i] as number) - baseline;
    }
    if (last === n) break;
    knot = next;
    knotValue = nextValue;
  }
  return { dynamic, windowSamples };
}
