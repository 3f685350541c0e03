/**
 * Clipping: the signal piles up on one extreme value (the logger's range edge, or a saturated
 * amplifier's flat top). A live signal's tail thins out towards its extreme, so the extreme value
 * is held by no more samples than the next value in from it; a clipped one holds the extreme for
 * everything beyond it. A window clips when its extreme is held by at least CLIP_MIN_HOLDS holds
 * and CLIP_PILE times the next value's count (a hold: the stream's median run of identical
 * samples, 1 for a live channel, 100 for a 1 Hz value repeated at 100 Hz). At a stated range
 * edge CLIP_MIN_HOLDS alone suffices. A window at one value throughout is 'stuck', not clipping. The fault lasts while the signal stays within the
 * ceiling it was clipped at (a window that does not reach it is not a recovery).
 */

import { FaultEpisodes } from './fault-episodes.ts';
import type { ValidationFault, WindowSummary } from './types.ts';

export const CLIP_MIN_HOLDS = 5;
export const CLIP_PILE = 4;

export interface ClipSettings {
  /** The sensor's measuring range, when known. */
  range?: { low: number; high: number };
  unit?: string;
}

function piled(at: number, next: number, hold: number, atEdge: boolean): boolean {
  if (at < CLIP_MIN_HOLDS * hold) return false;
  return atEdge || at >= CLIP_PILE * Math.max(next, hold);
}

export function clippingFaults(
  windows: readonly WindowSummary[],
  settings: ClipSettings = {},
): ValidationFault[] {
  const episodes = new FaultEpisodes('clipping', windows);
  const unit = settings.unit ? ` ${settings.unit}` : '';
  let ceiling: { high: number; low: number } | null = null;
  windows.forEach((w, i) => {
    const hold = Math.max(1, w.holdRun);
    const live = w.n > 0 && w.max > w.min;
    const edge = settings.range ?? { low: -Infinity, high: Infinity };
    const high = live && piled(w.atMax, w.nextBelowMax, hold, w.max >= edge.high);
    const low = live && piled(w.atMin, w.nextAboveMin, hold, w.min <= edge.low);
    const within = ceiling !== null && w.max <= ceiling.high && w.min >= ceiling.low;
    if (high || low) {
      ceiling = { high: high ? w.max : Infinity, low: low ? w.min : -Infinity };
    } else if (!within) ceiling = null;
    episodes.judge(i, high || low || within, i, () => {
      const [value, count] = high ? [w.max, w.atMax] : [w.min, w.atMin];
      return `clipped at ${Number(value.toPrecision(6))}${unit} (${count} samples of ${w.n} held there)`;
    });
  });
  return episodes.faults;
}
