import { at } from '../analytics/at.ts';
import { applyCompensation } from '../analytics/health-indicator.ts';
import type { BaselineMode } from '../db/schema.ts';
import { DAY_MS } from './analysis-rules.ts';
import { successiveScatter } from './frequency-uncertainty.ts';

/** One window's compensated shift of one mode against the accepted reference (decision 051). */
export interface ShiftPoint {
  start: number;
  /** 100 · (compensated − reference mean) / reference mean. */
  shiftPercent: number;
  /** One standard uncertainty of this window's shift, percent. */
  uncertaintyPercent: number;
  /** False where the window's temperature is outside what the reference learnt. */
  judged: boolean;
}

export interface ModeShiftSeries {
  feature: string;
  points: ShiftPoint[];
}

interface ShiftWindow {
  start: number;
  features: readonly number[];
  temperatureC: number;
}

/** The windows' values of one mode per UTC day, so each day's scatter is measured once. */
function dailyScatter(starts: readonly number[], hz: readonly number[]): Map<number, number> {
  const byDay = new Map<number, number[]>();
  starts.forEach((start, i) => {
    const day = Math.floor(start / DAY_MS);
    const values = byDay.get(day) ?? [];
    byDay.set(day, values);
    values.push(at(hz, i));
  });
  const scatter = new Map<number, number>();
  for (const [day, values] of byDay) {
    const u = successiveScatter(values);
    if (u !== null) scatter.set(day, u);
  }
  return scatter;
}

const median = (values: readonly number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return at(sorted, Math.floor(sorted.length / 2));
};

/**
 * Every tracked mode of the accepted reference, every window: its frequency compensated with the
 * reference's own temperature model (not the moving detector's) and its shift from the
 * reference's compensated mean. The reference is fitted once on what an engineer accepted, so a
 * persistent loss stays in this shift however long it lasts (issue 29, finding 1).
 *
 * A window's standard uncertainty combines the measurement's (the successive-difference scatter
 * of the mode over the window's day, frequency-uncertainty.ts; a day with too few pairs takes the
 * median of the other days) with the reference mean's own (decision 041), as independent terms
 * (GUM, JCGM 100:2008, §5.1). `windows` are in time order and evenly spaced (absent ones skipped).
 */
export function referenceShifts(
  modes: readonly BaselineMode[],
  featureNames: readonly string[],
  windows: readonly ShiftWindow[],
): ModeShiftSeries[] {
  const starts = windows.map((w) => w.start);
  return modes.flatMap((mode) => {
    const j = featureNames.indexOf(mode.feature);
    if (j < 0 || !(mode.mean_hz > 0)) return [];
    const hz = windows.map((w) => at(w.features, j));
    const scatter = dailyScatter(starts, hz);
    const fallback = median([...scatter.values()]) ?? 0;
    const comp = mode.compensation;
    const points: ShiftPoint[] = [];
    windows.forEach((w, i) => {
      const measured = at(hz, i);
      const compensated = comp ? applyCompensation(comp, measured, w.temperatureC) : measured;
      if (!Number.isFinite(compensated)) return;
      const uMeasured = scatter.get(Math.floor(w.start / DAY_MS)) ?? fallback;
      points.push({
        start: w.start,
        shiftPercent: (100 * (compensated - mode.mean_hz)) / mode.mean_hz,
        uncertaintyPercent: (100 * Math.hypot(uMeasured, mode.uncertainty_hz)) / mode.mean_hz,
        judged: !comp || (w.temperatureC >= comp.lowC && w.temperatureC <= comp.highC),
      });
    });
    return points.length > 0 ? [{ feature: mode.feature, points }] : [];
  });
}
