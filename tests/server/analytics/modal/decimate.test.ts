import { describe, expect, it } from 'vitest';
import { decimate, decimationFactor } from '../../../../server/analytics/modal/decimate';

function sine(frequency: number, rate: number, samples: number): Float64Array {
  return Float64Array.from({ length: samples }, (_, t) =>
    Math.sin((2 * Math.PI * frequency * t) / rate),
  );
}

function rms(values: Float64Array): number {
  return Math.sqrt(values.reduce((s, v) => s + v * v, 0) / values.length);
}

describe('decimation before SSI', () => {
  it('chooses a factor that lets the lags cover half a period of the lowest mode', () => {
    // 1 channel at 100 Hz, 0.05 Hz sought: 200 block rows allow rate ≤ 2·0.05·200 = 20 Hz.
    expect(decimationFactor(100, 0.05, 50, 1)).toBe(5);
    // With the band's top at 1 Hz the rate may fall to 2.5 Hz.
    expect(decimationFactor(100, 0.04, 1, 4)).toBe(40);
    // Nothing sought below the default: no decimation.
    expect(decimationFactor(100, 0, 50, 10)).toBe(1);
  });

  it('passes the band flat and suppresses what would alias into it', () => {
    const q = 10; // 100 Hz → 10 Hz; band up to 4 Hz, stop from 6 Hz
    const passed = decimate(sine(3.9, 100, 20_000), q);
    const stopped = decimate(sine(6.5, 100, 20_000), q);
    expect(rms(passed) * Math.SQRT2).toBeCloseTo(1, 2);
    expect(rms(stopped) * Math.SQRT2).toBeLessThan(1e-3);
  });

  it('keeps only outputs whose taps lie inside the record, and a gap stays a gap', () => {
    const input = sine(1, 100, 5_000);
    input[2_500] = Number.NaN;
    const out = decimate(input, 10);
    expect(out.length).toBeLessThan(500);
    expect(out.length).toBeGreaterThan(450);
    expect(out.some((v) => Number.isNaN(v))).toBe(true);
    expect(Number.isFinite(out[0] ?? Number.NaN)).toBe(true);
  });
});
