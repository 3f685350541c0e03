import { describe, expect, it } from 'vitest';
import {
  leadingShift,
  modeShiftReport,
  physicalChangeOf,
  shiftUncertaintyHz,
} from '../../../server/analysis/frequency-shift';
import { createRng } from '../../../server/analytics/rng';
import { DEFAULT_TRIGGER_LEVELS } from '../../../domain/trigger-levels';

const levels = DEFAULT_TRIGGER_LEVELS;

describe('the uncertainty of an episode frequency shift', () => {
  it('is the standard error of independent window shifts', () => {
    const rng = createRng(3);
    const shifts = Array.from({ length: 400 }, () => -0.06 + 0.01 * rng.normal());
    // 0.01 Hz scatter over 400 windows: 0.0005 Hz.
    expect(shiftUncertaintyHz(shifts, 0.2)).toBeCloseTo(0.0005, 4);
  });

  it('grows when neighbouring windows share their weather', () => {
    const rng = createRng(4);
    const shifts: number[] = [];
    let wander = 0;
    for (let i = 0; i < 400; i += 1) {
      wander = 0.9 * wander + 0.01 * rng.normal();
      shifts.push(-0.06 + wander);
    }
    const mean = shifts.reduce((a, b) => a + b, 0) / shifts.length;
    const sd = Math.sqrt(shifts.reduce((s, x) => s + (x - mean) ** 2, 0) / (shifts.length - 1));
    // ρ ≈ 0.9 leaves about 400 × 0.1 / 1.9 ≈ 21 effective windows, not 400.
    const naive = sd / Math.sqrt(shifts.length);
    expect(shiftUncertaintyHz(shifts, 0.2)).toBeGreaterThan(3 * naive);
  });

  it('falls back on the baseline spread for a single window', () => {
    expect(shiftUncertaintyHz([-0.1], 0.02)).toBe(0.02);
  });
});

describe('the trigger level an episode crossed', () => {
  const report = (shift: number) =>
    modeShiftReport(
      { feature: 's2-acc.f1', shiftsHz: [shift, shift], expectedHz: 3, baselineStdHz: 0.01 },
      36,
      levels,
    );

  it('is none above amber, amber from −2 %, red from −5 %', () => {
    expect(report(-0.059).level).toBe('none');
    expect(report(-0.06).level).toBe('amber');
    expect(report(-0.06).level_percent).toBe(-2);
    expect(report(-0.149).level).toBe('amber');
    expect(report(-0.15).level).toBe('red');
    expect(report(-0.15).level_percent).toBe(-5);
    expect(report(-0.15).shift_percent).toBeCloseTo(-5, 10);
    expect(report(-0.15).duration_hours).toBe(36);
  });

  it('is never crossed by a rise, however large (frost stiffens a deck)', () => {
    expect(report(0.6).level).toBe('none');
  });

  it('leads with the mode that crossed the highest level, not the one that moved most', () => {
    const rise = report(0.4); // +13 %
    const drop = { ...report(-0.09), feature: 's1-acc.f2' }; // −3 %: amber
    expect(leadingShift([rise, drop])?.feature).toBe('s1-acc.f2');
    expect(leadingShift([report(-0.07), report(-0.1)])?.shift_percent).toBeCloseTo(-3.33, 2);
    expect(leadingShift([])).toBeNull();
  });

  it('gives the alerts the most serious episode of an evaluation', () => {
    const change = physicalChangeOf([
      { frequency_shift: report(-0.16) },
      { frequency_shift: null },
      { frequency_shift: report(-0.07) },
    ]);
    expect(change).toMatchObject({ feature: 's2-acc.f1', level: 'red', level_percent: -5 });
    expect(physicalChangeOf([{ frequency_shift: null }])).toBeNull();
  });
});
