/**
 * Gain change against co-located twins, as the stored analysis judges it (decision 048,
 * 2026-11-30). Decision 030's rule: the median over the last day of each window's standard
 * deviation divided by the twin's, against the same median learnt before (here: over the last
 * week of the model's reference period); a change beyond `factor` either way is a gain fault.
 *
 * Which stream changed (decision 068): a stream is faulted when its ratio moved against every
 * twin it could be judged against, and against at least two. With three twins the one that
 * changed moved against both others, and they did not move against each other, so only it is
 * faulted. A pair cannot tell which gauge changed: a redundant pair detects a fault but cannot
 * isolate it, a third sensor (or another check) is needed for that (the analytical-redundancy
 * rule of sensor validation: Kullaa 2013, Mech. Syst. Signal Process. 40: 208-221). So a pair
 * whose ratio moved is a disagreement of the pair, neither gauge faulted on that evidence alone,
 * unless the sensor's own checks (stuck, spikes, dropouts, drift, offset step, clipping, or gain
 * against other twins) single one of the two out: then that one carries the gain fault.
 *
 * Pure: window standard deviations in, faulted streams and disagreeing pairs out.
 */

import { median } from './robust.ts';
import type { ValidationFault } from './types.ts';

/** The median ratio of `stream`'s window standard deviation to `twin`'s over a reference span. */
export interface TwinRatio {
  stream: string;
  twin: string;
  ratio: number;
  /** Windows the median was taken over. */
  windows: number;
}

export interface TwinGainInput {
  /** Each stream's window standard deviations over the judged span (same windows for all). */
  stds: ReadonlyMap<string, readonly number[]>;
  startMs: number;
  windowMs: number;
  twins: ReadonlyMap<string, readonly string[]>;
  reference: readonly TwinRatio[];
  /** Decision 030's GAIN_FACTOR. */
  factor: number;
  /** A pair is judged on at least this many windows with both amplitudes (else not judged). */
  minWindows: number;
  /**
   * Streams the sensor's own checks found faulty in the same check (decision 068): of a pair
   * that disagrees, the one they single out is the one that changed. Absent: none.
   */
  ownFaults?: ReadonlySet<string>;
}

/** Two twins whose response ratio moved, neither singled out (decision 068). */
export interface TwinDisagreement {
  /** The pair, in name order. */
  streams: readonly [string, string];
  onsetWindow: number;
  onsetMs: number;
  /** What was seen, in words, the first stream's response against the second's. */
  reason: string;
  /** The first stream's response against the second's since the onset, in % (+10: 10 % larger). */
  changePercent: number;
}

export interface TwinGainFindings {
  faults: Map<string, ValidationFault>;
  disagreements: TwinDisagreement[];
}

interface PairChange {
  twin: string;
  /** log(now / reference) per window and its median. */
  logs: number[];
  change: number;
  moved: boolean;
}

/** log of the reference ratio of a/b, read either way round; null if none was learnt. */
function referenceLog(reference: readonly TwinRatio[], a: string, b: string): number | null {
  for (const r of reference) {
    if (r.stream === a && r.twin === b) return Math.log(r.ratio);
    if (r.stream === b && r.twin === a) return -Math.log(r.ratio);
  }
  return null;
}

function pairChange(input: TwinGainInput, a: string, b: string): PairChange | null {
  const learnt = referenceLog(input.reference, a, b);
  const mine = input.stds.get(a);
  const theirs = input.stds.get(b);
  if (learnt === null || !Number.isFinite(learnt) || !mine || !theirs) return null;
  const logs = mine.map((s, i) => {
    const ratio = s / (theirs[i] ?? NaN);
    return Number.isFinite(ratio) && ratio > 0 ? Math.log(ratio) - learnt : NaN;
  });
  const present = logs.filter(Number.isFinite);
  if (present.length < input.minWindows) return null;
  const change = median(present);
  return { twin: b, logs, change, moved: Math.abs(change) >= Math.log(input.factor) };
}

/**
 * The window from which the log-ratios sit at a new level: the split that minimises the
 * absolute deviations from the reference (0) before it and from the later windows' median
 * after it. A change that began before the span gives its first window.
 */
export function gainOnsetWindow(logs: readonly number[]): number {
  let best = 0;
  let bestCost = Number.POSITIVE_INFINITY;
  for (let k = 0; k < logs.length; k += 1) {
    const after = logs.slice(k).filter(Number.isFinite);
    if (after.length === 0) break;
    const level = median(after);
    let cost = 0;
    for (let i = 0; i < logs.length; i += 1) {
      const v = logs[i] ?? NaN;
      if (Number.isFinite(v)) cost += Math.abs(v - (i < k ? 0 : level));
    }
    if (cost < bestCost) {
      bestCost = cost;
      best = k;
    }
  }
  return best;
}

const percent = (logChange: number) => `${Math.abs((Math.exp(logChange) - 1) * 100).toFixed(0)} %`;

const MEASURE = "(window standard deviation ratios since the onset, against the reference's)";

function responseWords(change: number): string {
  return `response ${change > 0 ? 'grew' : 'shrank'} by ${percent(change)}`;
}

/** Each change said as its level since its own onset: the day's median mixes in the hours before. */
function sinceOnset(changes: readonly PairChange[]) {
  const onsets = changes.map((c) => gainOnsetWindow(c.logs));
  const levels = changes.map((c, i) => ({
    ...c,
    change: median(c.logs.slice(onsets[i]).filter(Number.isFinite)),
  }));
  return { onsetWindow: Math.min(...onsets), levels };
}

function fault(
  input: TwinGainInput,
  stream: string,
  onsetWindow: number,
  reason: string,
): ValidationFault {
  return {
    kind: 'gain',
    onsetWindow,
    onsetMs: input.startMs + onsetWindow * input.windowMs,
    detectedWindow: (input.stds.get(stream)?.length ?? 1) - 1,
    reason,
  };
}

/** Odd one out: moved against each of at least two twins, which did not all move with it. */
function oddOneOut(input: TwinGainInput, stream: string, changes: readonly PairChange[]) {
  const { onsetWindow, levels } = sinceOnset(changes);
  const [first] = levels;
  const against = levels.map((c) => `${c.twin} (${percent(c.change)})`).join(', ');
  return fault(
    input,
    stream,
    onsetWindow,
    `${responseWords(first?.change ?? 0)} against each of its twins ${against} ${MEASURE}`,
  );
}

export function judgeTwinGain(input: TwinGainInput): TwinGainFindings {
  const faults = new Map<string, ValidationFault>();
  const pairs: { stream: string; change: PairChange }[] = [];
  for (const [stream, twins] of input.twins) {
    const changes = twins.flatMap((twin) => pairChange(input, stream, twin) ?? []);
    if (changes.length === 0 || !changes.every((c) => c.moved)) continue;
    if (changes.length >= 2) faults.set(stream, oddOneOut(input, stream, changes));
    else if (changes[0]) pairs.push({ stream, change: changes[0] });
  }
  // A pair alone cannot isolate the gauge that changed; another check may.
  const suspect = (name: string) => faults.has(name) || (input.ownFaults?.has(name) ?? false);
  const disagreements = new Map<string, TwinDisagreement>();
  for (const { stream, change } of pairs) {
    const mine = suspect(stream);
    if (mine !== suspect(change.twin)) {
      if (mine && !faults.has(stream)) {
        const { onsetWindow, levels } = sinceOnset([change]);
        const words = `${responseWords(levels[0]?.change ?? 0)} against its twin ${change.twin} ${MEASURE}; its own checks found a fault and its twin's none, so the change is taken as its`;
        faults.set(stream, fault(input, stream, onsetWindow, words));
      }
      continue;
    }
    const [a, b] = [stream, change.twin].sort() as [string, string];
    const key = `${a}\n${b}`;
    if (disagreements.has(key)) continue;
    const { onsetWindow, levels } = sinceOnset([change]);
    // Said as a's against b's, whichever of the two found it.
    const level = (levels[0]?.change ?? 0) * (a === stream ? 1 : -1);
    disagreements.set(key, {
      streams: [a, b],
      onsetWindow,
      onsetMs: input.startMs + onsetWindow * input.windowMs,
      changePercent: (Math.exp(level) - 1) * 100,
      reason: `${a} and ${b} disagree: ${a}'s ${responseWords(level)} against ${b}'s ${MEASURE}; a pair cannot tell which of the two changed, so neither is called faulty on this alone`,
    });
  }
  return { faults, disagreements: [...disagreements.values()] };
}

/** The gain faults alone, without the disagreeing pairs (judgeTwinGain). */
export const twinGainFaults = (input: TwinGainInput): Map<string, ValidationFault> =>
  judgeTwinGain(input).faults;

/** The reference ratio of each pair (each pair once, `stream` < `twin`) from their windows. */
export function learnTwinRatios(
  stds: ReadonlyMap<string, readonly number[]>,
  twins: ReadonlyMap<string, readonly string[]>,
  minWindows: number,
): TwinRatio[] {
  const ratios: TwinRatio[] = [];
  for (const [stream, others] of twins) {
    for (const twin of others) {
      if (twin <= stream) continue;
      const mine = stds.get(stream);
      const theirs = stds.get(twin);
      if (!mine || !theirs) continue;
      const present = mine
        .map((s, i) => s / (theirs[i] ?? NaN))
        .filter((r) => Number.isFinite(r) && r > 0);
      if (present.length < minWindows) continue;
      ratios.push({ stream, twin, ratio: median(present), windows: present.length });
    }
  }
  return ratios;
}
