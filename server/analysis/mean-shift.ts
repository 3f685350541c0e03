import { ALL_MODES_FEATURE } from '../../domain/reference-shift.ts';
import type { BaselineMode } from '../db/schema.ts';
import type { ModeShiftSeries, ShiftPoint } from './reference-shift.ts';

/**
 * The shift averaged over the tracked modes, window by window (decision 051, 2026-11-29
 * evening): the direction a uniform loss of stiffness moves, which lowers every mode by the same
 * fraction. Only windows where every tracked mode has a shift count (a mean over a subset would
 * change with which modes were found); the window is judged only when every mode's is.
 *
 * The modes' uncertainties are combined as **fully correlated** (GUM, JCGM 100:2008, §5.2, r = 1:
 * the mean's u is the mean of the u's), not as independent (which would divide by √K): every
 * mode is compensated with the same temperature reading, so a temperature error or the
 * temperature model's misfit moves them together, and that is the term that dominates on a real
 * bridge (issue 29). The bound is on the safe side: the mean never looks surer than one mode.
 * Null with fewer than two modes (the mean would be the one mode again).
 */
export function meanOfModes(series: readonly ModeShiftSeries[]): ModeShiftSeries | null {
  if (series.length < 2) return null;
  const byStart = new Map<number, ShiftPoint[]>();
  for (const { points } of series) {
    for (const p of points) {
      const at = byStart.get(p.start) ?? [];
      byStart.set(p.start, at);
      at.push(p);
    }
  }
  const points: ShiftPoint[] = [];
  for (const [start, at] of [...byStart].sort((a, b) => a[0] - b[0])) {
    if (at.length !== series.length) continue;
    const mean = (pick: (p: ShiftPoint) => number) =>
      at.reduce((s, p) => s + pick(p), 0) / at.length;
    points.push({
      start,
      shiftPercent: mean((p) => p.shiftPercent),
      uncertaintyPercent: mean((p) => p.uncertaintyPercent),
      judged: at.every((p) => p.judged),
    });
  }
  return points.length > 0 ? { feature: ALL_MODES_FEATURE, points } : null;
}

/**
 * The reference mean's uncertainty of the modes' mean, percent: the modes' own, fully correlated
 * as above (they come from the same training windows and the same temperature model).
 */
export function meanReferenceUncertaintyPercent(modes: readonly BaselineMode[]): number {
  const u = modes.map((m) => (100 * m.uncertainty_hz) / m.mean_hz);
  return u.reduce((s, v) => s + v, 0) / Math.max(1, u.length);
}
