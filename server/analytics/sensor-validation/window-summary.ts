/**
 * Cuts one stream's raw samples (a regular grid, NaN for a gap) into windows and summarises each
 * for the sensor-validation detectors. Pure: samples in, summaries out.
 */

import { sensorFaults } from '../sensor-health.ts';
import { MAD_TO_SIGMA, median } from './robust.ts';
import type { WindowSummary } from './types.ts';

/**
 * Samples either side of a jump whose medians give the level shift: a second of samples (at
 * least 5), so a vibration of a few hertz (the Munich tilt record rings at about 6 Hz with
 * ±0.2°) averages out instead of reading as a shift.
 */
const sideSamples = (rateHz: number) => Math.max(5, Math.round(rateHz));
/** Largest single-sample jumps in a window tried as steps (one may be a spike). */
const STEP_CANDIDATES = 3;
/**
 * A shift is a step only if the shifts one side-span before and after it are under this share
 * of it: a load ramp (or a 1 Hz value held at 100 Hz while the load moves) shifts every span
 * alike, a sensor step only one.
 */
export const STEP_ISOLATION = 0.3;
/**
 * A step must still hold over this long either side: an offset stays, a truck leaves. At a few
 * hertz a truck's strain plateau of one to three seconds passed the one-second isolation test and
 * was stored as an offset fault, which then kept a healthy gauge's traffic out of its fatigue
 * count. A minute is longer than any vehicle's passage and shorter than any evaluation.
 */
const HOLD_SECONDS = 60;
/**
 * The share of the step's shift the minute-long medians must keep, either sign: what the minute
 * rejects is a level that comes back; a load stage of the structure within it may move the level
 * on either way (the Munich support-load records, where a same-sign test lost injected steps).
 */
export const STEP_HOLD_SHARE = 0.5;
const holdSamples = (rateHz: number, side: number) =>
  Math.max(side, Math.round(rateHz * HOLD_SECONDS));

function extremes(values: Float64Array) {
  let max = -Infinity;
  let min = Infinity;
  for (const v of values) {
    if (v > max) max = v;
    if (v < min) min = v;
  }
  let nextBelowMax = -Infinity;
  let nextAboveMin = Infinity;
  let atMax = 0;
  let atMin = 0;
  for (const v of values) {
    if (v === max) atMax += 1;
    else if (v > nextBelowMax) nextBelowMax = v;
    if (v === min) atMin += 1;
    else if (v < nextAboveMin) nextAboveMin = v;
  }
  const count = (target: number) => values.filter((v) => v === target).length;
  return {
    min,
    max,
    atMax,
    atMin,
    nextBelowMax: Number.isFinite(nextBelowMax) ? count(nextBelowMax) : 0,
    nextAboveMin: Number.isFinite(nextAboveMin) ? count(nextAboveMin) : 0,
  };
}

function holdRun(values: Float64Array): number {
  const runs = new Float64Array(values.length);
  let count = 0;
  let run = 1;
  for (let i = 1; i <= values.length; i += 1) {
    if (i < values.length && values[i] === values[i - 1]) run += 1;
    else {
      runs[count] = run;
      count += 1;
      run = 1;
    }
  }
  return median(runs.subarray(0, count));
}

/** The finite samples [from, to) of a record (a plain or typed array). */
function finiteOf(all: ArrayLike<number>, from: number, to: number): Float64Array {
  const start = Math.max(0, from);
  const end = Math.min(all.length, to);
  const out = new Float64Array(Math.max(0, end - start));
  let count = 0;
  for (let k = start; k < end; k += 1) {
    const v = all[k] ?? NaN;
    if (Number.isFinite(v)) {
      out[count] = v;
      count += 1;
    }
  }
  return out.subarray(0, count);
}

/**
 * The shift of the median level at sample `at`, or 0 while either side holds fewer than `side`
 * samples: at the end of the data a truck's one-sample spike would be the whole "after" side and
 * read as a step (the demo's 0.1 Hz gauges raised false offset steps so). A real step is judged
 * once a side-span of samples has followed it, at the next evaluation.
 */
function shiftAt(all: ArrayLike<number>, at: number, side: number): number {
  const before = finiteOf(all, at - side, at);
  const after = finiteOf(all, at, at + side);
  return before.length < side || after.length < side ? 0 : median(after) - median(before);
}

/**
 * The STEP_CANDIDATES largest single-sample jumps of samples [from, to), largest first and the
 * earlier first among equals (kept as they arrive: a sort of every jump took most of a window's
 * time at 100 Hz).
 */
function largestJumps(all: ArrayLike<number>, from: number, to: number): number[] {
  const at: number[] = [];
  const sizes: number[] = [];
  for (let k = Math.max(1, from); k < to; k += 1) {
    const size = Math.abs((all[k] ?? 0) - (all[k - 1] ?? 0));
    if (!Number.isFinite(size)) continue;
    if (sizes.length === STEP_CANDIDATES && size <= (sizes[STEP_CANDIDATES - 1] ?? 0)) continue;
    let place = sizes.length;
    while (place > 0 && (sizes[place - 1] ?? 0) < size) place -= 1;
    sizes.splice(place, 0, size);
    at.splice(place, 0, k);
    if (sizes.length > STEP_CANDIDATES) {
      sizes.pop();
      at.pop();
    }
  }
  return at;
}

/**
 * The isolated level shift at the largest jumps of samples [from, to) of the whole record that
 * still holds over `hold` samples either side (0 until that many have followed it).
 */
function largestStep(
  all: ArrayLike<number>,
  from: number,
  to: number,
  side: number,
  hold: number,
): number {
  let best = 0;
  for (const at of largestJumps(all, from, to)) {
    const shift = shiftAt(all, at, side);
    if (Math.abs(shift) <= Math.abs(best)) continue;
    const around = Math.max(
      Math.abs(shiftAt(all, at - side, side)),
      Math.abs(shiftAt(all, at + side, side)),
    );
    if (around >= STEP_ISOLATION * Math.abs(shift)) continue;
    if (Math.abs(shiftAt(all, at, hold)) < STEP_HOLD_SHARE * Math.abs(shift)) continue;
    best = shift;
  }
  return best;
}

/** Over the changes of value only, so a value held for several samples is not read as silence. */
function noiseOf(values: Float64Array): number {
  const diffs = new Float64Array(Math.max(0, values.length - 1));
  let count = 0;
  for (let i = 1; i < values.length; i += 1) {
    const change = (values[i] ?? 0) - (values[i - 1] ?? 0);
    if (change !== 0) {
      diffs[count] = Math.abs(change);
      count += 1;
    }
  }
  return count === 0 ? 0 : (MAD_TO_SIGMA * median(diffs.subarray(0, count))) / Math.SQRT2;
}

/** Summaries of consecutive windows of `windowSamples` samples (the last partial one dropped). */
export function summariseWindows(
  samples: ArrayLike<number>,
  rateHz: number,
  startMs: number,
  windowSamples: number,
): WindowSummary[] {
  const windowMs = (windowSamples / rateHz) * 1000;
  const summaries: WindowSummary[] = [];
  for (let from = 0; from + windowSamples <= samples.length; from += windowSamples) {
    const to = from + windowSamples;
    const values = finiteOf(samples, from, to);
    const windowStart = startMs + (from / rateHz) * 1000;
    const n = values.length;
    const noise = n > 1 ? noiseOf(values) : 0;
    const hold = n ? holdRun(values) : 0;
    const mean = n ? values.reduce((a, b) => a + b, 0) / n : NaN;
    const variance = n ? values.reduce((a, v) => a + (v - mean) ** 2, 0) / n : NaN;
    const spike = sensorFaults(
      [{ startMs: windowStart, rateHz, values }],
      windowStart,
      windowStart + windowMs,
      {
        checkStuck: false,
      },
    ).find((f) => f.kind === 'spikes');
    summaries.push({
      startMs: windowStart,
      windowMs,
      n,
      mean,
      std: Math.sqrt(variance),
      ...extremes(values),
      holdRun: hold,
      step: largestStep(
        samples,
        from,
        to,
        sideSamples(rateHz),
        holdSamples(rateHz, sideSamples(rateHz)),
      ),
      noise,
      // A value held for several samples is one sample of noise, not several.
      stepNoise: noise * Math.sqrt((Math.PI * Math.max(1, hold)) / sideSamples(rateHz)),
      spikes: spike ? spike.detail : null,
    });
  }
  return summaries;
}
