import { describe, expect, it } from 'vitest';
import {
  expectedFalseEpisodesPerMonth,
  judgedShareOf,
} from '../../../server/analysis/false-alarm-expectation.ts';

describe('expected false alarm episodes a month', () => {
  it('is α × judged windows a month / the windows one false crossing lasts', () => {
    // 0.1 % of 4,383 windows a month, in runs of 12 (the trailing mean): about 0.37.
    const full = expectedFalseEpisodesPerMonth({ alpha: 0.001, judgedShare: 1, smoothRows: 12 });
    expect(full).toBeCloseTo((0.001 * 30.44 * 144) / 12, 6);
    // Half the windows not judged (frost outside the baseline): half the false alarms.
    expect(
      expectedFalseEpisodesPerMonth({ alpha: 0.001, judgedShare: 0.5, smoothRows: 12 }),
    ).toBeCloseTo(full / 2, 6);
  });

  it('counts an episode that must be confirmed as the windows its confirmation needs', () => {
    // 0.1 % of 4,383 windows a month, none raised before 48 of them: about 0.09 (1.1 a year).
    expect(
      expectedFalseEpisodesPerMonth({
        alpha: 0.001,
        judgedShare: 1,
        smoothRows: 12,
        confirmRows: 48,
      }),
    ).toBeCloseTo((0.001 * 30.44 * 144) / 48, 6);
  });

  it('counts as judged only scored, learned, calibrated windows', () => {
    const w = (error: number | null, outside = false) => ({
      error,
      outside_learned_conditions: outside,
    });
    expect(
      judgedShareOf({
        windows: [w(0.1), w(0.2), w(null), w(0.3, true)],
        out_of_calibration_windows: 1,
      }),
    ).toBe(0.25);
    expect(judgedShareOf({ windows: [] })).toBe(0);
  });
});
