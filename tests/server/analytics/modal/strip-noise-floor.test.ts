import { describe, expect, it } from 'vitest';
import type { ModeSet } from '../../../../server/analytics/modal/damage-location.ts';
import {
  STRIP_FLOOR_MARGIN,
  standsOut,
  stripNoiseFloor,
} from '../../../../server/analytics/modal/strip-noise-floor.ts';

// Decision 076, 2026-12-01: the strip's floor from the reference windows left out in turn.
const SENSORS = [5, 10, 15, 20, 25, 30, 35];
const SUPPORTS: [number, number] = [0, 40];
const sine = (k: number, w: number) =>
  SENSORS.map(
    (x, j) => Math.sin((k * Math.PI * x) / 40) * (1 + 0.01 * Math.sin(3 * j + 5 * w + k)),
  );
const windowOf = (w: number, modes: number[]): ModeSet => ({
  frequenciesHz: modes.map((k) => 1.5 * k * k),
  shapes: modes.map((k) => sine(k, w)),
});

describe('strip noise floor', () => {
  it('is the highest left-out peak, the threshold the margin above it', () => {
    const windows = [0, 1, 2, 3, 4, 5].map((w) => windowOf(w, [1, 2]));
    const noise = stripNoiseFloor(windows, SENSORS, SUPPORTS);
    expect(noise?.windows).toBe(6);
    expect(noise?.floor).toBeGreaterThan(0);
    expect(noise?.threshold).toBeCloseTo((noise?.floor ?? 0) + STRIP_FLOOR_MARGIN, 12);
    if (!noise) return;
    expect(standsOut([noise.threshold - 0.01], noise)).toBe(false);
    expect(standsOut([0, noise.threshold + 0.01], noise)).toBe(true);
  });

  it('skips a window sharing no mode with the others, and needs three compared windows', () => {
    // Mode 3 is found only in window 5: left out, that window has nothing to compare.
    const five = [0, 1, 2, 3, 4].map((w) => windowOf(w, [1]));
    expect(stripNoiseFloor([...five, windowOf(5, [3])], SENSORS, SUPPORTS)?.windows).toBe(5);
    // Three windows with one mode, three with another: no left-out window shares a mode
    // found in three of the other five, so no floor (and no strip).
    const halves = [0, 1, 2, 3, 4, 5].map((w) => windowOf(w, [w < 3 ? 1 : 3]));
    expect(stripNoiseFloor(halves, SENSORS, SUPPORTS)).toBeNull();
  });
});
