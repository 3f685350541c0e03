import { describe, expect, it } from 'vitest';
import {
  latestFrequencies,
  successiveScatter,
} from '../../../server/analysis/frequency-uncertainty.ts';

const WINDOW_MS = 600_000;
const START = Date.UTC(2026, 10, 20);

/** A day of windows: f1 drifting with temperature plus alternating ±noise. */
function day(noise: number, drift = 0.002) {
  return Array.from({ length: 144 }, (_, i) => ({
    start: START + i * WINDOW_MS,
    features: [0.01, 2.4 + drift * Math.sin(i / 20) + (i % 2 === 0 ? noise : -noise)],
  }));
}

describe('frequency uncertainty from successive windows', () => {
  it('measures the window-to-window noise, not the slow thermal drift', () => {
    // ±0.003 Hz alternating: successive differences of 0.006 Hz, one window's σ ≈ 0.0063 Hz.
    const [f1] = latestFrequencies(['acc.std', 'acc.f1'], day(0.003, 0.02));
    expect(f1).toMatchObject({ feature: 'acc.f1', datastream: 'acc', mode: 1 });
    expect(f1?.uncertainty_hz).toBeCloseTo((1.4826 * 0.006) / Math.SQRT2, 3);
    expect(f1?.at).toBe(new Date(START + 143 * WINDOW_MS).toISOString());
    // A quiet tracker on the same drift: a tenth of the day's spread of ±0.02 Hz.
    expect(latestFrequencies(['acc.std', 'acc.f1'], day(0, 0.02))[0]?.uncertainty_hz).toBeLessThan(
      0.001,
    );
  });

  it('ignores one jump and says null with too few neighbouring windows', () => {
    const values = [2.4, 2.401, 2.4, 2.401, 2.4, 2.6, 2.4, 2.401, 2.4];
    expect(successiveScatter(values)).toBeCloseTo((1.4826 * 0.001) / Math.SQRT2, 5);
    expect(successiveScatter([2.4, Number.NaN, 2.41, Number.NaN, 2.4])).toBeNull();
  });

  it('pairs only neighbouring windows: a gap between two windows is no pair', () => {
    // Every other window absent: no two scored windows are neighbours.
    const sparse = day(0.003).filter((_, i) => i % 2 === 0);
    expect(latestFrequencies(['acc.std', 'acc.f1'], sparse)[0]?.uncertainty_hz).toBeNull();
  });

  it('leaves out a mode not found all day', () => {
    const lost = day(0.001).map((w) => ({ ...w, features: [0.01, Number.NaN] }));
    expect(latestFrequencies(['acc.std', 'acc.f1'], lost)).toEqual([]);
  });

  // Decision 076 (d): an SSI mode names no stream ('ssi' is none), but its label.
  it("names an SSI mode by its label and no data stream, 'SSI mode k' without one", () => {
    const [f1] = latestFrequencies(['acc.std', 'ssi.f1'], day(0.003), {
      'ssi.f1': 'Main span mode 1 (SSI, 2.40 Hz)',
    });
    expect(f1).toMatchObject({
      feature: 'ssi.f1',
      datastream: null,
      label: 'Main span mode 1 (SSI, 2.40 Hz)',
      mode: 1,
    });
    expect(latestFrequencies(['acc.std', 'ssi.f1'], day(0.003))[0]?.label).toBe('SSI mode 1');
    expect(latestFrequencies(['acc.std', 'acc.f1'], day(0.003))[0]).not.toHaveProperty('label');
  });
});
