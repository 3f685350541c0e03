import { REBASELINE_DAYS } from '../../domain/maintenance.ts';
import { at } from '../analytics/at.ts';
import { applyCompensation } from '../analytics/health-indicator.ts';
import type { BaselineMode } from '../db/schema.ts';
import { DAY_MS } from './analysis-rules.ts';
import { meanWithUncertainty } from './baseline-summary.ts';

interface LevelWindow {
  start: number;
  features: readonly number[];
  temperatureC: number;
}

/**
 * The modes of a version made by a repair (decision 051, "Re-baselining keeps the sensitivity"):
 * each mode the previous reference compensated keeps that temperature model (its slope and
 * frost hinges, and the temperatures it learnt, lowC..highC), and only its level, the compensated
 * mean with its uncertainty, is refitted on the first REBASELINE_DAYS days after the repair. A
 * repair changes the stiffness the frequencies sit at, not how the deck's stiffness follows the
 * weather; a week of summer cannot teach the frost, a year before the repair did.
 *
 * A mode keeps its own fit (`own`) when the previous reference had no temperature model for it
 * or the repair's first days hold no window inside the temperatures that model learnt (a level
 * read by extrapolation would be a guess).
 */
export function keepSensitivity(
  own: readonly BaselineMode[],
  previous: { version: number; modes: readonly BaselineMode[] },
  featureNames: readonly string[],
  windows: readonly LevelWindow[],
  repairSince: number,
): BaselineMode[] {
  const until = repairSince + REBASELINE_DAYS * DAY_MS;
  const firstDays = windows.filter((w) => w.start >= repairSince && w.start < until);
  return own.map((mode) => {
    const before = previous.modes.find((m) => m.feature === mode.feature);
    const kept = before?.compensation;
    const j = featureNames.indexOf(mode.feature);
    if (!kept || j < 0) return mode;
    const inside = firstDays.filter(
      (w) => w.temperatureC >= kept.lowC && w.temperatureC <= kept.highC,
    );
    const level = meanWithUncertainty(
      inside.map((w) => w.start),
      inside.map((w) => applyCompensation(kept, at(w.features, j), w.temperatureC)),
    );
    if (!level) return mode;
    return {
      feature: mode.feature,
      mean_hz: level.mean,
      uncertainty_hz: level.uncertainty,
      compensation: { ...kept },
      // A second repair keeps what the first kept: the version that learnt it is named.
      sensitivity_from: before?.sensitivity_from ?? previous.version,
    };
  });
}

/** The temperatures the kept models learnt (all of a version's modes share its windows). */
export function keptTemperatures(
  modes: readonly BaselineMode[],
): { min: number; max: number } | null {
  const kept = modes.flatMap((m) =>
    m.sensitivity_from !== undefined && m.compensation ? [m.compensation] : [],
  );
  if (kept.length === 0) return null;
  return {
    min: Math.min(...kept.map((c) => c.lowC)),
    max: Math.max(...kept.map((c) => c.highC)),
  };
}

/** The reason's words for where the sensitivity came from, or '' when no mode kept one. */
export function keptSensitivityWords(modes: readonly BaselineMode[]): string {
  const kept = modes.filter((m) => m.sensitivity_from !== undefined);
  const from = kept[0]?.sensitivity_from;
  if (from === undefined) return '';
  const which = kept.length === modes.length ? 'every mode' : kept.map((m) => m.feature).join(', ');
  return (
    `; the temperature sensitivity of ${which} is kept from version ${from}, ` +
    `and only the level refitted on the first ${REBASELINE_DAYS} days after it`
  );
}
