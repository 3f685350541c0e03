/**
 * Gain change against co-located twins, as the stored analysis judges it (decision 048,
 * 2026-11-30). Decision 030's rule: the median over the last day of each window's standard
 * deviation divided by the twin's, against the same median learnt before (here: over the last
 * week of the model's reference period); a change beyond `factor` either way is a gain fault.
 *
 * Which stream changed: a stream is faulted when its ratio moved against every twin it could be
 * judged against. With three twins the one that changed moved against both others, and they did
 * not move against each other, so only it is faulted. With a single twin both ratios move
 * together and the pair cannot tell which gauge changed: both are faulted, and the text says so
 * (a gauge that may read 10 % wrong is kept out of the detector, limits and fatigue rather than
 * trusted; the engineer's servicing of the wrong one ends its fault).
 *
 * Pure: window standard deviations in, one fault per faulted stream out.
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

function reasonOf(changes: readonly PairChange[]): string {
  const [first] = changes;
  const change = first?.change ?? 0;
  const how = `response ${change > 0 ? 'grew' : 'shrank'} by ${percent(change)}`;
  const against =
    changes.length === 1
      ? `against its twin ${first?.twin ?? ''}`
      : `against each of its twins ${changes.map((c) => `${c.twin} (${percent(c.change)})`).join(', ')}`;
  const measure = "(window standard deviation ratios since the onset, against the reference's)";
  return changes.length === 1
    ? `${how} ${against} ${measure}; a single twin cannot tell which of the two changed, so both are flagged`
    : `${how} ${against} ${measure}`;
}

export function twinGainFaults(input: TwinGainInput): Map<string, ValidationFault> {
  const faults = new Map<string, ValidationFault>();
  for (const [stream, twins] of input.twins) {
    const changes = twins.flatMap((twin) => pairChange(input, stream, twin) ?? []);
    if (changes.length === 0 || !changes.every((c) => c.moved)) continue;
    const onsets = changes.map((c) => gainOnsetWindow(c.logs));
    const onsetWindow = Math.min(...onsets);
    // Said as the level since the onset: the day's median mixes in the hours before it.
    const levels = changes.map((c, i) => ({
      ...c,
      change: median(c.logs.slice(onsets[i]).filter(Number.isFinite)),
    }));
    const last = (input.stds.get(stream)?.length ?? 1) - 1;
    faults.set(stream, {
      kind: 'gain',
      onsetWindow,
      onsetMs: input.startMs + onsetWindow * input.windowMs,
      detectedWindow: last,
      reason: reasonOf(levels),
    });
  }
  return faults;
}

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
