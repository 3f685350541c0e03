import { describe, expect, it } from 'vitest';
import { summariseBaseline } from '../../../server/analysis/baseline-summary.ts';
import {
  keepSensitivity,
  keptSensitivityWords,
  keptTemperatures,
} from '../../../server/analysis/kept-sensitivity.ts';
import type { BaselineMode } from '../../../server/db/schema.ts';
import { DAY, FEATURES } from './reference-shift-fixtures.ts';
import {
  dayMs,
  modeWindows,
  REFERENCE_START,
  REPAIR_MS,
  summerTemperature,
  yearTemperature,
} from './repair-fixtures.ts';

const year = summariseBaseline(
  FEATURES,
  modeWindows(REFERENCE_START, 365 * DAY, 1, yearTemperature),
  true,
).modes;
const reference = { version: 3, modes: year };
/** Two weeks after the repair: +1 % the first week, +3 % the second. */
const after = modeWindows(REPAIR_MS, 14 * DAY, 2, summerTemperature, (i) =>
  i < 7 * DAY ? 1.01 : 1.03,
);
const own = summariseBaseline(FEATURES, after, true).modes;
const percentOf = (mode: BaselineMode | undefined, base: BaselineMode | undefined) =>
  (100 * (mode?.mean_hz ?? Number.NaN)) / (base?.mean_hz ?? Number.NaN) - 100;

describe('a repair’s version keeps the reference’s temperature sensitivity', () => {
  it('keeps every mode’s temperature model and refits the level on the first 7 days only', () => {
    const modes = keepSensitivity(own, reference, FEATURES, after, REPAIR_MS);
    expect(modes.map((m) => m.sensitivity_from)).toEqual([3, 3, 3, 3]);
    modes.forEach((mode, k) => {
      expect(mode.compensation).toEqual(year[k]?.compensation);
      // The first week's +1 %, not the second week's +3 %.
      expect(percentOf(mode, year[k])).toBeCloseTo(1, 1);
    });
    // Its own fit learnt only the summer: 13 °C at the coldest.
    expect(own[0]?.compensation?.lowC).toBeGreaterThan(12);
    expect(keptTemperatures(modes)?.min).toBe(year[0]?.compensation?.lowC);
    expect(keptTemperatures(own)).toBeNull();
    expect(keptSensitivityWords(modes)).toBe(
      '; the temperature sensitivity of every mode is kept from version 3, and only the level ' +
        'refitted on the first 7 days after it',
    );
  });

  it('keeps its own fit for a mode the reference did not compensate or did not have', () => {
    const partial = {
      version: 3,
      modes: [{ ...at(year, 0), compensation: null }, at(year, 1), at(year, 2)],
    };
    const modes = keepSensitivity(own, partial, FEATURES, after, REPAIR_MS);
    expect(modes[0]).toEqual(own[0]);
    expect(modes[3]).toEqual(own[3]);
    expect(modes.map((m) => m.sensitivity_from)).toEqual([undefined, 3, 3, undefined]);
    expect(keptSensitivityWords(modes)).toMatch(
      /; the temperature sensitivity of s1-acc\.f2, s1-acc\.f3 is kept from version 3,/,
    );
  });

  it('does not read a level outside the kept temperatures: a repair in a heat wave keeps its own fit', () => {
    const hot = modeWindows(REPAIR_MS, 7 * DAY, 4, (i) => 30 + 3 * Math.sin(i / 20));
    const hotOwn = summariseBaseline(FEATURES, hot, true).modes;
    expect(keepSensitivity(hotOwn, reference, FEATURES, hot, REPAIR_MS)).toEqual(hotOwn);
  });

  it('names the version that learnt the sensitivity when a second repair keeps it again', () => {
    const first = keepSensitivity(own, reference, FEATURES, after, REPAIR_MS);
    const later = REPAIR_MS + 30 * dayMs;
    const again = modeWindows(later, 7 * DAY, 5, summerTemperature, () => 1.02);
    const second = keepSensitivity(
      summariseBaseline(FEATURES, again, true).modes,
      { version: 4, modes: first },
      FEATURES,
      again,
      later,
    );
    expect(second.map((m) => m.sensitivity_from)).toEqual([3, 3, 3, 3]);
    expect(percentOf(second[0], year[0])).toBeCloseTo(2, 1);
  });
});

function at(modes: readonly BaselineMode[], k: number): BaselineMode {
  const mode = modes[k];
  if (!mode) throw new Error(`no mode ${k}`);
  return mode;
}
