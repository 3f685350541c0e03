// Physical trigger levels of a bridge (issue 15, docs/decisions/025-physical-trigger-levels.md):
// how far the temperature-compensated frequency of a mode may drop before an alert says so.
// Shared by the server (alerts, settings route) and the SPA (form, alert facts).

import { type FeatureLabels, featureText } from './feature-words.ts';

/** A level an episode's frequency shift reached; 'none' when it stayed above amber. */
export type TriggerLevel = 'none' | 'amber' | 'red';

export interface TriggerLevels {
  /** Percent, negative: a drop to or below it is amber. */
  amberPercent: number;
  /** Percent, negative and at or below amber: a drop to or below it is red. */
  redPercent: number;
}

export const DEFAULT_AMBER_PERCENT = -2;
export const DEFAULT_RED_PERCENT = -5;
/** A level is a drop between 0.1 % and 50 %: smaller is noise, larger is a mis-picked peak. */
export const LEVEL_PERCENT_MIN = -50;
export const LEVEL_PERCENT_MAX = -0.1;

/**
 * The alarms' target false-alarm rate α: the share of healthy smoothed windows allowed above the
 * alarm threshold. 0.1 % keeps a healthy bridge 'Good' most weeks (1,008 windows a week);
 * docs/decisions/008-calibrated-alarms.md.
 */
export const DEFAULT_ALARM_TARGET_RATE = 0.001;
export const TARGET_RATE_MIN = 0.001;
export const TARGET_RATE_MAX = 0.05;

export const DEFAULT_TRIGGER_LEVELS: TriggerLevels = {
  amberPercent: DEFAULT_AMBER_PERCENT,
  redPercent: DEFAULT_RED_PERCENT,
};

/** Red when the shift is at or below the red level, amber at or below amber, else none. */
export function crossedLevel(shiftPercent: number, levels: TriggerLevels): TriggerLevel {
  if (!Number.isFinite(shiftPercent)) return 'none';
  if (shiftPercent <= levels.redPercent) return 'red';
  return shiftPercent <= levels.amberPercent ? 'amber' : 'none';
}

const LEVEL_RANK: Record<TriggerLevel, number> = { none: 0, amber: 1, red: 2 };

/** True when `a` is a more serious level than `b`. */
export const levelAbove = (a: TriggerLevel, b: TriggerLevel): boolean =>
  LEVEL_RANK[a] > LEVEL_RANK[b];

/** What an alert states about the physical change behind it. */
export interface PhysicalChange {
  /** The mode's feature, e.g. 's2-acc.f1'. */
  feature: string;
  shift_percent: number;
  /** One standard error of the shift, in percent. */
  uncertainty_percent: number;
  duration_hours: number;
  level: TriggerLevel;
  /** The level's percent when one was crossed, else null. */
  level_percent: number | null;
}

// Typographic minus, as engineers write a drop.
const signed = (value: number, digits: number) => {
  const text = Math.abs(value).toFixed(digits);
  if (Number(text) === 0) return text;
  return value < 0 ? `\u2212${text}` : `+${text}`;
};

// A standard error under 0.1 % keeps one significant digit rather than reading '± 0.0 %'.
const uncertainty = (percent: number) =>
  percent >= 0.1 || percent === 0 ? percent.toFixed(1) : percent.toPrecision(1);

function hours(duration: number): string {
  if (duration < 1) return `${Math.max(1, Math.round(duration * 60))} min`;
  return duration < 48 ? `${Math.round(duration)} h` : `${Math.round(duration / 24)} days`;
}

/** An episode's stored frequency shift; reports from before issue 15 lack all but the shift. */
export interface EpisodeShift {
  feature: string;
  shift_percent: number;
  uncertainty_percent?: number;
  duration_hours?: number;
  level?: TriggerLevel;
  level_percent?: number | null;
}

/** The episode's shift stated as an alert states it; null when the report predates its level. */
export function describeEpisodeShift(shift: EpisodeShift, labels?: FeatureLabels): string | null {
  if (shift.uncertainty_percent === undefined || shift.level === undefined) return null;
  return describePhysicalChange(
    {
      feature: shift.feature,
      shift_percent: shift.shift_percent,
      uncertainty_percent: shift.uncertainty_percent,
      duration_hours: shift.duration_hours ?? 0,
      level: shift.level,
      level_percent: shift.level_percent ?? null,
    },
    labels,
  );
}

/**
 * e.g. 's2-acc.f1 −2.3 % ± 0.4 % over 36 h; crossed amber (−2 %)'; an SSI mode in words
 * (feature-words.ts), by the evaluation's labels when given.
 */
export function describePhysicalChange(change: PhysicalChange, labels?: FeatureLabels): string {
  const shift = `${featureText(change.feature, labels)} ${signed(change.shift_percent, 1)} % \u00b1 ${uncertainty(change.uncertainty_percent)} % over ${hours(change.duration_hours)}`;
  if (change.level === 'none' || change.level_percent === null) {
    return `${shift}; no trigger level crossed`;
  }
  return `${shift}; crossed ${change.level} (${signed(change.level_percent, 1).replace(/\.0$/, '')} %)`;
}
