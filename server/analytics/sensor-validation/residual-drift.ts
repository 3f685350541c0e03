/**
 * Drift against a twin's estimate with a threshold scaled to the pair (decision 030, 2026-12-01):
 * the Theil–Sen slope of hourly residual medians over the last `horizonHours` is a fault when it
 * exceeds `z` robust scales of the same slopes over the week before the current day (and at
 * least `minSlopePerHour`). A pair whose gauges wander apart slowly has a large scale, so its
 * wander is not called drift; a tight pair keeps the floor. The fault ends under half the
 * threshold, as decision 030's drift rule does.
 */

import { FaultEpisodes } from './fault-episodes.ts';
import { median, robustSigma, theilSenSlope } from './robust.ts';
import { HOUR_MS, type ValidationFault, type WindowSummary } from './types.ts';

export interface ScaledDriftSettings {
  horizonHours: number;
  minSlopePerHour: number;
  z: number;
  unit?: string;
}

const SCALE_DAYS = 7;

export function scaledDriftFaults(
  windows: readonly WindowSummary[],
  prediction: readonly number[],
  settings: ScaledDriftSettings,
): ValidationFault[] {
  return scaledDriftEpisodes(windows, prediction, settings).faults;
}

/**
 * The drifts found, whether the last one still lasts at the last hour judged, and that hour's
 * slope (µε/h, NaN if none was judged): a stored episode's current size.
 */
export function scaledDriftEpisodes(
  windows: readonly WindowSummary[],
  prediction: readonly number[],
  settings: ScaledDriftSettings,
): { faults: ValidationFault[]; open: boolean; slope: number } {
  const first = windows[0];
  if (!first) return { faults: [], open: false, slope: Number.NaN };
  const perBlock = Math.max(1, Math.round(HOUR_MS / first.windowMs));
  const levels: number[] = [];
  for (let end = perBlock; end <= windows.length; end += perBlock) {
    const values: number[] = [];
    for (let i = end - perBlock; i < end; i += 1) {
      const r = (windows[i]?.mean ?? Number.NaN) - (prediction[i] ?? Number.NaN);
      if (Number.isFinite(r)) values.push(r);
    }
    levels.push(median(values));
  }
  const h = settings.horizonHours;
  const hours = Array.from({ length: h }, (_, k) => k);
  const slopes = levels.map((_, b) => {
    if (b < h - 1) return Number.NaN;
    const kept = levels.slice(b - h + 1, b + 1).map((y, k) => [hours[k] ?? 0, y] as const);
    const finite = kept.filter(([, y]) => Number.isFinite(y));
    if (finite.length < h / 2) return Number.NaN;
    return theilSenSlope(
      finite.map(([x]) => x),
      finite.map(([, y]) => y),
    );
  });
  const scales = new Map<number, number>();
  const scaleOf = (b: number) => {
    const day = Math.floor(b / 24);
    const known = scales.get(day);
    if (known !== undefined) return known;
    const from = (day - SCALE_DAYS) * 24;
    const span = from < 0 ? [] : slopes.slice(from, day * 24).filter(Number.isFinite);
    const scale = span.length >= 24 ? robustSigma(span) : Number.NaN;
    scales.set(day, scale);
    return scale;
  };
  const episodes = new FaultEpisodes('drift', windows);
  const unit = settings.unit ? ` ${settings.unit}` : '';
  let judged = Number.NaN;
  slopes.forEach((slope, b) => {
    const scale = scaleOf(b);
    if (!Number.isFinite(slope) || !Number.isFinite(scale)) return;
    judged = slope;
    const threshold = Math.max(settings.minSlopePerHour, settings.z * scale);
    const size = Math.abs(slope);
    if (size >= threshold / 2 && size < threshold) return;
    episodes.judge(
      (b + 1) * perBlock - 1,
      size >= threshold,
      (b + 1 - h) * perBlock,
      () =>
        `drifting ${slope > 0 ? 'up' : 'down'} by ${size.toPrecision(2)}${unit} per hour over ` +
        `${h} h against its twin`,
    );
  });
  return { faults: episodes.faults, open: episodes.open, slope: judged };
}
