import { at } from './at.ts';
import { median } from './sensor-validation/robust.ts';

/**
 * Steps of a quasi-static channel (strain, support force, tilt) found as change points in the
 * mean (issue 29, real data). The method, in order:
 *
 * 1. One-second medians of the raw samples: a median is not moved by a spike, and a second is far
 *    shorter than a settlement or a load stage (seconds to minutes) yet long enough to average the
 *    bridge's vibration (modes near 10 Hz) away. Seconds without half their samples are gaps.
 * 2. PELT (Killick, Fearnhead & Eckley 2012, J. Am. Stat. Assoc. 107:1590) for changes in the mean
 *    under a Gaussian cost on the series divided by its short-term noise σ₁ (MAD of the first
 *    differences / √2), with the penalty β·ln n (β = 3, a little above the Schwarz criterion's
 *    2 for one parameter, fixed before looking at the records).
 * 3. A segment of at least `plateauSeconds` is a plateau; shorter ones (a person or vehicle passing,
 *    a ramp between two stages) are transitions. Two neighbouring plateaus are one step apart only
 *    if the medians of their `plateauSeconds` next to the transition differ by `stepSigmas` times
 *    the channel's wander over `plateauSeconds` (MAD of the lag-`plateauSeconds` differences / √2),
 *    so slow creep that PELT cuts into pieces is merged back, and a transient that returns to its
 *    level is no step. `stepSigmas` = 6 was chosen on the tuning record (see decision 028).
 *
 * The zero of a logger is irrelevant: only differences are used.
 */
export interface StepOptions {
  /** Penalty per change point in units of ln n (PELT on the σ₁-scaled series). */
  penaltyPerLogN: number;
  /** Minimum plateau duration in seconds; also the edge window of each plateau. */
  plateauSeconds: number;
  /** Step threshold in units of the channel's wander over plateauSeconds. */
  stepSigmas: number;
}

export const DEFAULT_STEP_OPTIONS: StepOptions = {
  penaltyPerLogN: 3,
  plateauSeconds: 10,
  stepSigmas: 6,
};

export interface QuasiStaticStep {
  /** Seconds from the record's first sample: end of the plateau before, start of the one after. */
  fromSeconds: number;
  toSeconds: number;
  /** Level after minus level before, in the channel's unit. */
  size: number;
  /** size / wander scale: how clear the step is. */
  sigmas: number;
}

export interface ChannelSteps {
  steps: QuasiStaticStep[];
  /** Last plateau's level minus the first's. */
  netChange: number;
  /** netChange minus the steps' sum: creep, or a ramp of stages each below the threshold. */
  gradualChange: number;
  /** σ₁ and the wander over plateauSeconds, in the channel's unit. */
  noise: number;
  wander: number;
  /** Seconds with a median / seconds spanned. */
  coverage: number;
}

/** Medians of each whole second of samples (times in seconds from the first sample). */
export function secondMedians(
  times: ArrayLike<number>,
  values: ArrayLike<number>,
): { times: number[]; values: number[] } {
  const out = { times: [] as number[], values: [] as number[] };
  if (times.length === 0) return out;
  const t0 = at(times, 0);
  let bin = 0;
  let bucket: number[] = [];
  let expected = 0;
  const flush = (): void => {
    if (expected > 0 && bucket.length * 2 >= expected) {
      out.times.push(bin);
      out.values.push(median(bucket));
    }
  };
  let firstInBin = 0;
  for (let i = 0; i < times.length; i += 1) {
    const b = Math.floor(at(times, i) - t0);
    if (b !== bin) {
      expected = Math.max(expected, i - firstInBin);
      flush();
      bin = b;
      bucket = [];
      firstInBin = i;
    }
    const v = at(values, i);
    if (Number.isFinite(v)) bucket.push(v);
  }
  expected = Math.max(expected, times.length - firstInBin);
  flush();
  return out;
}

/** Robust scale of the lag-`lag` differences, as the σ of one point (÷ √2). */
export function lagScale(values: readonly number[], lag: number): number {
  const diffs: number[] = [];
  for (let i = lag; i < values.length; i += 1)
    diffs.push(Math.abs(at(values, i) - at(values, i - lag)));
  if (diffs.length === 0) return 0;
  return (1.4826 * median(diffs)) / Math.SQRT2;
}

/**
 * PELT for changes in the mean of `z` (Gaussian cost, unit variance): the end indices of all but
 * the last segment, in order. Exact for the penalised cost; pruning keeps it near linear.
 */
export function peltMeanChanges(z: readonly number[], penalty: number, minSegment = 2): number[] {
  const n = z.length;
  const sum = new Float64Array(n + 1);
  const sumSq = new Float64Array(n + 1);
  for (let i = 0; i < n; i += 1) {
    sum[i + 1] = at(sum, i) + at(z, i);
    sumSq[i + 1] = at(sumSq, i) + at(z, i) * at(z, i);
  }
  const cost = (a: number, b: number): number => {
    const s = at(sum, b) - at(sum, a);
    return at(sumSq, b) - at(sumSq, a) - (s * s) / (b - a);
  };
  const best = new Float64Array(n + 1).fill(Infinity);
  const previous = new Int32Array(n + 1);
  best[0] = -penalty;
  let candidates: number[] = [0];
  for (let t = minSegment; t <= n; t += 1) {
    const totals = new Map<number, number>();
    let bestValue = Infinity;
    let bestStart = 0;
    for (const s of candidates) {
      if (t - s < minSegment) continue;
      const total = at(best, s) + cost(s, t) + penalty;
      totals.set(s, total);
      if (total < bestValue) {
        bestValue = total;
        bestStart = s;
      }
    }
    best[t] = bestValue;
    previous[t] = bestStart;
    // Pruning (Killick et al., eq. 3.5): a start that cannot win now never will.
    candidates = candidates.filter((s) => {
      const total = totals.get(s);
      return total === undefined || total - penalty <= bestValue;
    });
    if (t - minSegment + 1 >= minSegment) candidates.push(t - minSegment + 1);
  }
  const ends: number[] = [];
  for (let t = n; t > 0; t = at(previous, t)) ends.push(t);
  return ends.reverse().slice(0, -1);
}

/** The steps of one quasi-static channel (times in seconds, values in its unit; NaN = missing). */
export function quasiStaticSteps(
  times: ArrayLike<number>,
  values: ArrayLike<number>,
  options: StepOptions = DEFAULT_STEP_OPTIONS,
): ChannelSteps {
  const seconds = secondMedians(times, values);
  const x = seconds.values;
  const t = seconds.times;
  const span = t.length > 0 ? at(t, t.length - 1) - at(t, 0) + 1 : 0;
  const noise = lagScale(x, 1);
  const wander = lagScale(x, options.plateauSeconds);
  const empty = {
    steps: [],
    netChange: 0,
    gradualChange: 0,
    noise,
    wander,
    coverage: span ? x.length / span : 0,
  };
  if (x.length < 2 * options.plateauSeconds || noise === 0 || wander === 0) return empty;
  const z = x.map((v) => v / noise);
  const ends = peltMeanChanges(z, options.penaltyPerLogN * Math.log(z.length));
  const bounds = [0, ...ends, x.length];
  const plateaus: [number, number][] = [];
  for (let i = 0; i + 1 < bounds.length; i += 1) {
    const a = at(bounds, i);
    const b = at(bounds, i + 1);
    if (at(t, b - 1) - at(t, a) + 1 >= options.plateauSeconds) plateaus.push([a, b]);
  }
  if (plateaus.length === 0) return empty;
  const edge = options.plateauSeconds;
  const steps: QuasiStaticStep[] = [];
  let current = at(plateaus, 0);
  for (const next of plateaus.slice(1)) {
    const before = median(x.slice(Math.max(current[0], current[1] - edge), current[1]));
    const after = median(x.slice(next[0], Math.min(next[1], next[0] + edge)));
    const size = after - before;
    if (Math.abs(size) >= options.stepSigmas * wander) {
      steps.push({
        fromSeconds: at(t, current[1] - 1),
        toSeconds: at(t, next[0]),
        size,
        sigmas: size / wander,
      });
      current = next;
    } else {
      current = [current[0], next[1]];
    }
  }
  const first = at(plateaus, 0);
  const last = at(plateaus, plateaus.length - 1);
  const netChange = median(x.slice(last[0], last[1])) - median(x.slice(first[0], first[1]));
  const gradualChange = steps.reduce((rest, step) => rest - step.size, netChange);
  return { steps, netChange, gradualChange, noise, wander, coverage: x.length / span };
}
