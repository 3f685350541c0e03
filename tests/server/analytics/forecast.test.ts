import { at } from '../../../server/analytics/at';
import { describe, expect, it } from 'vitest';
import { forecastIndicator, mase, seasonalNaive } from '../../../server/analytics/forecast';
import { createRng } from '../../../server/analytics/rng';

describe('health indicator forecast', () => {
  const rng = createRng(8);
  // A temperature-compensated frequency: a flat level with noise and a weekly traffic ripple.
  const series = Array.from(
    { length: 140 },
    (_, d) => 2.9 + 0.002 * Math.sin((2 * Math.PI * d) / 7) + 0.004 * rng.normal(),
  );
  const training = series.slice(0, 112);
  const heldBack = series.slice(112);

  it('gives 30 days with 80 % bands inside 95 % bands that widen with the horizon', () => {
    const forecast = forecastIndicator(training, 30);
    expect(forecast.mean).toHaveLength(30);
    forecast.mean.forEach((mean, h) => {
      expect(at(forecast.lower95, h)).toBeLessThan(at(forecast.lower80, h));
      expect(at(forecast.lower80, h)).toBeLessThan(mean);
      expect(at(forecast.upper80, h)).toBeLessThan(at(forecast.upper95, h));
    });
    expect(at(forecast.upper95, 29) - at(forecast.lower95, 29)).toBeGreaterThanOrEqual(
      at(forecast.upper95, 0) - at(forecast.lower95, 0),
    );
  });

  it('beats the seasonal naive forecast on held-back weeks (MASE below 1)', () => {
    const forecast = forecastIndicator(training, 28);
    const ours = mase(heldBack, forecast.mean, training, 7);
    const naive = mase(heldBack, seasonalNaive(training, 28, 7), training, 7);
    expect(ours).toBeLessThan(1);
    expect(ours).toBeLessThan(naive);
    const inside = heldBack.filter(
      (v, h) => v >= at(forecast.lower95, h) && v <= at(forecast.upper95, h),
    ).length;
    expect(inside).toBeGreaterThanOrEqual(24);
  });

  it('follows a slow stiffness loss with a damped trend', () => {
    const falling = Array.from({ length: 60 }, (_, d) => 2.9 - 0.001 * d);
    const forecast = forecastIndicator(falling, 10);
    expect(at(forecast.mean, 0)).toBeLessThan(at(falling, 59));
    expect(at(forecast.mean, 9)).toBeGreaterThan(at(falling, 59) - 0.001 * 10);
  });
});
