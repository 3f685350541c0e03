import { describe, expect, it } from 'vitest';
import { removeQuasiStatic } from '../../../../server/analytics/fatigue/quasi-static.ts';
import { DAY_MS, damageOf, gaugeRecord } from './traffic-samples.ts';

/** ±150 µε a day, warmest mid-afternoon: apparent strain of an uncompensated gauge. */
const dailySwing = (t: number) =>
  150 * Math.cos((2 * Math.PI * ((t % DAY_MS) - 15 * 3_600_000)) / DAY_MS);

describe('removing the quasi-static (thermal) part before counting', () => {
  it('keeps Δσ_E,2 of a day of traffic within 2 % under a ±150 µε daily thermal swing', () => {
    const day = { rateHz: 10, from: Date.UTC(2026, 3, 1), hours: 24 };
    const trafficOnly = damageOf(gaugeRecord({ ...day, thermal: () => 0 })).equivalentRange;
    const withThermal = gaugeRecord({ ...day, thermal: dailySwing });
    // Counted as given, the swing lifts the ranges: the check has something to find.
    expect(damageOf(withThermal).equivalentRange / trafficOnly - 1).toBeGreaterThan(0.02);
    const { dynamic, windowSamples } = removeQuasiStatic(withThermal, day.rateHz, 1 / 600);
    expect(windowSamples).toBe(6001);
    const highPassed = damageOf(dynamic).equivalentRange;
    expect(Math.abs(highPassed / trafficOnly - 1)).toBeLessThan(0.02);
  });

  it('passes a short pulse unchanged on a drifting baseline and keeps gaps as gaps', () => {
    // 0.01 µε/s at 10 Hz, about the steepest slope of the ±150 µε daily swing.
    const rateHz = 10;
    const samples = Float64Array.from({ length: 4000 }, (_, i) => 0.001 * i);
    for (let i = 1000; i < 1020; i += 1) samples[i] = (samples[i] as number) + 80;
    samples[500] = NaN;
    const { dynamic } = removeQuasiStatic(samples, rateHz, 0.01);
    expect(dynamic[500]).toBeNaN();
    // The pulse lifts the median by its length × the drift per sample (20 × 0.001 µε).
    expect(dynamic[1010]).toBeCloseTo(80, 1);
    expect(dynamic[2500]).toBeCloseTo(0, 6);
  });

  it('refuses a corner at or above half the sampling rate, or not above zero', () => {
    const samples = new Float64Array(10);
    expect(() => removeQuasiStatic(samples, 100, 50)).toThrow(/below half the sampling rate/);
    expect(() => removeQuasiStatic(samples, 100, 0)).toThrow(/above 0 Hz/);
    expect(() => removeQuasiStatic(samples, 0, 1)).toThrow(/sampling rate/);
  });
});
