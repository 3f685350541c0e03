import { at } from '../analytics/at.ts';
import type { TrainedDetector } from '../analytics/detector-types.ts';
import { restorePreprocessor } from '../analytics/preprocess.ts';
import type { Schemas } from '../contract-types.ts';
import { crossedLevel, levelAbove, type TriggerLevels } from '../../domain/trigger-levels.ts';

/** One mode's compensated shift over an episode: measured minus expected, window by window. */
export interface ModeShift {
  feature: string;
  /** Per window, in time order, in Hz. */
  shiftsHz: number[];
  /** Mean frequency the baseline expects at the windows' temperatures, Hz. */
  expectedHz: number;
  /** The baseline's spread of the feature, Hz: stands for the scatter of a single window. */
  baselineStdHz: number;
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * One standard error of the episode's mean shift, in Hz. The scatter of the window shifts is the
 * episode's own measurement noise and unmodelled weather, which the baseline's residuals do not
 * show for conditions they never met; neighbouring 10-minute windows share that weather, so the
 * count is shrunk to its effective size n·(1 − ρ)/(1 + ρ) by the lag-1 autocorrelation ρ, else a
 * day-long episode would claim a precision its 144 windows do not have. With one window there is
 * no scatter to see: the baseline's spread of the feature stands for it (an upper bound).
 */
export function shiftUncertaintyHz(shiftsHz: readonly number[], baselineStdHz: number): number {
  const n = shiftsHz.length;
  if (n < 2) return baselineStdHz;
  const m = mean(shiftsHz);
  const deviations = shiftsHz.map((s) => s - m);
  const variance = deviations.reduce((sum, d) => sum + d * d, 0) / (n - 1);
  let lagged = 0;
  for (let i = 1; i < n; i += 1) lagged += at(deviations, i) * at(deviations, i - 1);
  const squares = deviations.reduce((sum, d) => sum + d * d, 0);
  // Clamped: a negative ρ (alternating noise) does not earn more than n, a ρ near 1 not zero.
  const rho = squares > 0 ? Math.min(0.95, Math.max(0, lagged / squares)) : 0;
  const effective = Math.max(1, (n * (1 - rho)) / (1 + rho));
  return Math.sqrt(variance / effective);
}

/** The shift of one mode as the report states it, with the level it crossed. */
export function modeShiftReport(
  mode: ModeShift,
  durationHours: number,
  levels: TriggerLevels,
): Schemas['FrequencyShift'] {
  const shiftHz = mean(mode.shiftsHz);
  const uncertaintyHz = shiftUncertaintyHz(mode.shiftsHz, mode.baselineStdHz);
  const shiftPercent = (100 * shiftHz) / mode.expectedHz;
  const level = crossedLevel(shiftPercent, levels);
  return {
    feature: mode.feature,
    shift_hz: shiftHz,
    shift_percent: shiftPercent,
    uncertainty_hz: uncertaintyHz,
    uncertainty_percent: (100 * uncertaintyHz) / mode.expectedHz,
    duration_hours: durationHours,
    level,
    level_percent:
      level === 'red' ? levels.redPercent : level === 'amber' ? levels.amberPercent : null,
  };
}

/**
 * The leading mode of an episode: the one that crossed the most serious level, and among those
 * the one that moved most. A frost stiffening of one mode (a rise) must not hide the drop of
 * another, so the level ranks first.
 */
export function leadingShift(
  shifts: readonly Schemas['FrequencyShift'][],
): Schemas['FrequencyShift'] | null {
  let best: Schemas['FrequencyShift'] | null = null;
  for (const shift of shifts) {
    const level = shift.level ?? 'none';
    const bestLevel = best?.level ?? 'none';
    if (
      !best ||
      levelAbove(level, bestLevel) ||
      (level === bestLevel && Math.abs(shift.shift_percent) > Math.abs(best.shift_percent))
    ) {
      best = shift;
    }
  }
  return best;
}

/** Per tracked mode (features named `….fN`), its window shifts against the baseline's model. */
export function modeShifts(
  detector: TrainedDetector,
  featureNames: readonly string[],
  windows: readonly { features: readonly number[]; context: readonly number[] }[],
): ModeShift[] {
  const pre = restorePreprocessor(detector.model.preprocessor);
  const scales = detector.model.preprocessor.featureScales;
  const modes = featureNames.flatMap((name, j) => (/\.f\d+$/.test(name) ? [j] : []));
  const expectedRows = windows.map((w) => pre.expected(pre.scaleContext(w.context)));
  return modes.flatMap((j) => {
    const scale = at(scales, j);
    const shiftsHz: number[] = [];
    let expected = 0;
    windows.forEach((w, i) => {
      const measured = at(w.features, j);
      if (!Number.isFinite(measured)) return;
      const hz = scale.mean + scale.std * at(at(expectedRows, i), j);
      shiftsHz.push(measured - hz);
      expected += hz;
    });
    if (shiftsHz.length === 0 || !(expected > 0)) return [];
    return [
      {
        feature: at(featureNames, j),
        shiftsHz,
        expectedHz: expected / shiftsHz.length,
        baselineStdHz: scale.std,
      },
    ];
  });
}

/**
 * What the alerts state about an evaluation: the leading shift of its most serious episode (the
 * highest level crossed, then the largest move); null without a tracked mode in any episode.
 */
export function physicalChangeOf(
  events: readonly Pick<Schemas['AnomalyEvent'], 'frequency_shift'>[],
): Schemas['PhysicalChange'] | null {
  const shifts = events.flatMap((e) => (e.frequency_shift ? [e.frequency_shift] : []));
  const lead = leadingShift(shifts);
  if (!lead) return null;
  return {
    feature: lead.feature,
    shift_percent: lead.shift_percent,
    uncertainty_percent: lead.uncertainty_percent ?? 0,
    duration_hours: lead.duration_hours ?? 0,
    level: lead.level ?? 'none',
    level_percent: lead.level_percent ?? null,
  };
}
