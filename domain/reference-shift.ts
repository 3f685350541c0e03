// The cumulative compensated shift against the accepted reference (issue 29, decision 051): each
// tracked mode's trailing-day shift, with the bridge's trigger levels applied all the time and
// latched. Shared by the alerts (server) and the dashboard (SPA).
import { featureText } from './feature-words.ts';
import type { Threat } from './health.ts';
import { levelAbove, type TriggerLevel } from './trigger-levels.ts';

export const TRIGGER_LEVEL_ALERT = 'Trigger level crossed';

/**
 * The stored name of the line that averages every tracked mode's shift (the direction a uniform
 * loss of stiffness moves); no mode's feature has this form ('<stream>.f<n>').
 */
export const ALL_MODES_FEATURE = 'all-modes';

/** A line's name as people read it: the mode's feature (an SSI mode in words), or 'All modes (mean)'. */
export const shiftLineName = (feature: string): string =>
  feature === ALL_MODES_FEATURE ? 'All modes (mean)' : featureText(feature);

/** Red is at least High, as decision 025 makes a red crossing; amber asks for a look. */
export const TRIGGER_LEVEL_SEVERITY: Record<Exclude<TriggerLevel, 'none'>, Threat> = {
  amber: 'Medium',
  red: 'High',
};

/** One mode's latched level as the evaluation leaves it. */
export interface ModeLevel {
  feature: string;
  level: TriggerLevel;
  /** The trailing day's shift, percent, and its standard uncertainty (null: too few windows). */
  estimate_percent: number | null;
  uncertainty_percent: number | null;
  /** The window at which the level in force was crossed (ISO), null with 'none'. */
  crossed_at: string | null;
}

/** The modes beyond a level, the most serious first (then the largest drop). */
export function modesBeyondLevel(modes: readonly ModeLevel[]): ModeLevel[] {
  return modes
    .filter((m) => m.level !== 'none')
    .sort((a, b) =>
      levelAbove(a.level, b.level)
        ? -1
        : levelAbove(b.level, a.level)
          ? 1
          : (a.estimate_percent ?? 0) - (b.estimate_percent ?? 0),
    );
}

// Typographic minus, as engineers write a drop.
const percent = (value: number | null) =>
  value === null ? '?' : `${value < 0 ? '\u2212' : '+'}${Math.abs(value).toFixed(1)} %`;

/**
 * e.g. 'Trigger level crossed against reference version 2: s1-acc.f1 −2.3 % ± 0.1 % (amber,
 * −2 %); All modes (mean) −2.1 % ± 0.1 % (amber, −2 %)'.
 */
export function triggerLevelMessage(
  version: number,
  beyond: readonly ModeLevel[],
  levels: { amberPercent: number; redPercent: number },
): string {
  const parts = beyond.map((m) => {
    const at = m.level === 'red' ? levels.redPercent : levels.amberPercent;
    const u = m.uncertainty_percent === null ? '' : ` \u00b1 ${m.uncertainty_percent.toFixed(1)} %`;
    return `${shiftLineName(m.feature)} ${percent(m.estimate_percent)}${u} (${m.level}, ${percent(at).replace('.0 %', ' %')})`;
  });
  return `${TRIGGER_LEVEL_ALERT} against reference version ${version}: ${parts.join('; ')}`;
}
