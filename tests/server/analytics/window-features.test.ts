import { describe, expect, it } from 'vitest';
import { ModeTracker } from '../../../server/analytics/mode-tracker';
import { pickPeaks } from '../../../server/analytics/peak-picking';
import { seriesFromBlocks, type StreamSeries } from '../../../server/analytics/series';
import { windowStats } from '../../../server/analytics/stats';
import { extractWindowFeatures } from '../../../server/analytics/window-features';
import { welchPsd } from '../../../server/analytics/welch';
import { simulateBlocks } from '../../../server/sim/bridge-simulator';
import { createScenario } from '../../../server/sim/scenarios';

const T0 = Date.parse('2026-06-01T12:00:00Z');

describe('window statistics', () => {
  it('gives mean, RMS, peak and standard deviation, ignoring missing samples', () => {
    expect(windowStats([1, -3, Number.NaN, 3, -1])).toEqual({
      count: 4,
      mean: 0,
      rms: Math.sqrt(5),
      peak: 3,
      std: Math.sqrt(5),
    });
    expect(windowStats([Number.NaN]).count).toBe(0);
  });
});

describe('Welch PSD and peak picking', () => {
  it('finds two sine frequencies to better than a tenth of a bin', () => {
    const rate = 100;
    const signal = Array.from(
      { length: 60_000 },
      (_, n) =>
        Math.sin(2 * Math.PI * 3.137 * (n / rate)) +
        0.5 * Math.sin(2 * Math.PI * 11.3 * (n / rate)),
    );
    const spectrum = welchPsd(signal, rate, 1024);
    const peaks = pickPeaks(spectrum, { minHz: 1, maxHz: 20, count: 2 });
    expect(peaks.map((p) => p.frequencyHz)).toEqual([
      expect.closeTo(3.137, 2),
      expect.closeTo(11.3, 2),
    ]);
  });

  it('leaves out segments with missing samples instead of filling them', () => {
    const values = Array.from({ length: 4096 }, (_, n) => Math.sin(n / 3));
    values[10] = Number.NaN;
    const spectrum = welchPsd(values, 100, 1024);
    expect(spectrum.segments).toBe(6); // 7 half-overlapping segments; only the first holds sample 10
    expect(spectrum.psd.every(Number.isFinite)).toBe(true);
  });

  it('tracks each mode to its nearest peak and reports a lost mode as NaN', () => {
    const tracker = new ModeTracker([3, 10]);
    expect(
      tracker.track([
        { frequencyHz: 3.1, power: 1 },
        { frequencyHz: 9.8, power: 1 },
      ]),
    ).toEqual([3.1, 9.8]);
    const next = tracker.track([
      { frequencyHz: 3.05, power: 1 },
      { frequencyHz: 15, power: 9 },
    ]);
    expect(next[0]).toBe(3.05);
    expect(next[1]).toBeNaN();
    expect(tracker.current).toEqual([3.05, 9.8]);
  });
});

describe('mode tracking through large changes', () => {
  const peaks = (...hz: number[]) => hz.map((frequencyHz) => ({ frequencyHz, power: 1 }));

  it('follows a mode that dropped 20 % once the new peak holds, and reports it as a frequency', () => {
    const tracker = new ModeTracker([3, 8]);
    expect(tracker.track(peaks(3.01, 8.02))).toEqual([3.01, 8.02]);
    // The first two windows after the drop: not yet confirmed, so missing.
    expect(tracker.track(peaks(2.41, 8.01))[0]).toBeNaN();
    expect(tracker.track(peaks(2.4, 8.0))[0]).toBeNaN();
    expect(tracker.track(peaks(2.405, 8.0))).toEqual([2.405, 8.0]);
    expect(tracker.track(peaks(2.41, 8.0))).toEqual([2.41, 8.0]);
    expect(tracker.current).toEqual([2.41, 8.0]);
  });

  it('is not pulled by a peak that comes and goes, nor onto a neighbouring mode', () => {
    const tracker = new ModeTracker([3, 3.5]);
    expect(tracker.track(peaks(2.5, 3.5))[0]).toBeNaN();
    expect(tracker.track(peaks(3.0, 3.5))).toEqual([3.0, 3.5]);
    expect(tracker.track(peaks(2.6, 3.5))[0]).toBeNaN();
    // Mode 1 vanished; 3.45 belongs to mode 2 (nearer to it), never taken by mode 1.
    for (let i = 0; i < 4; i += 1) expect(tracker.track(peaks(3.45))).toEqual([Number.NaN, 3.45]);
    expect(tracker.current).toEqual([3.0, 3.45]);
  });
});

describe('window features from simulated streams', () => {
  const scenario = createScenario({ seed: 4, spans: 1 });
  const to = T0 + 30 * 60_000;
  const blocks = [
    ...simulateBlocks(scenario, { from: T0, to, streams: ['b-s1-acc', 'b-s1-disp', 'b-temp'] }),
  ];
  const series = (id: string, dataType: StreamSeries['dataType'], rate: number) =>
    seriesFromBlocks(
      id,
      dataType,
      rate,
      blocks.filter((b) => b.stream === id),
      T0,
      to,
    );
  const streams = [
    series('b-s1-acc', 'acceleration', 100),
    series('b-s1-disp', 'displacement', 1),
    series('b-temp', 'temperature', 1 / 60),
  ];
  const modal = [{ stream: 'b-s1-acc', initialHz: [2.9, 10.4], minHz: 1.5, maxHz: 15 }];

  it('computes stats per stream and tracks the natural frequencies window to window', () => {
    const result = extractWindowFeatures(streams, {
      from: T0,
      to,
      windowSeconds: 600,
      modal,
      temperatureStream: 'b-temp',
    });
    expect(result.featureNames).toEqual([
      'b-s1-acc.mean',
      'b-s1-acc.rms',
      'b-s1-acc.peak',
      'b-s1-acc.std',
      'b-s1-acc.f1',
      'b-s1-acc.f2',
      'b-s1-disp.mean',
      'b-s1-disp.rms',
      'b-s1-disp.peak',
      'b-s1-disp.std',
    ]);
    expect(result.windows).toHaveLength(3);
    for (const window of result.windows) {
      // A June afternoon near 25 °C: f1 = 2.9 Hz × (1 − 0.0016 × 15) ≈ 2.83 Hz.
      expect(window.features[4]).toBeGreaterThan(2.75);
      expect(window.features[4]).toBeLessThan(2.9);
      expect(window.temperatureC).toBeGreaterThan(15);
    }
  });

  it('skips and counts windows touching a faulty or maintenance sensor or short of samples', () => {
    const gappy = streams.map((s) =>
      s.id === 'b-s1-disp'
        ? { ...s, values: s.values.map((v, i) => (i > 1300 && i < 1500 ? Number.NaN : v)) }
        : s,
    );
    const result = extractWindowFeatures(gappy, {
      from: T0,
      to,
      windowSeconds: 600,
      modal,
      temperatureStream: 'b-temp',
      statuses: [{ stream: 'b-s1-acc', status: 'maintenance', from: T0, to: T0 + 60_000 }],
    });
    expect(result.windows).toHaveLength(1);
    expect(result.skipped).toEqual({ faulty: 0, maintenance: 1, too_few_samples: 1 });
    expect(result.skippedWindows.map((w) => [w.reason, w.stream])).toEqual([
      ['maintenance', 'b-s1-acc'],
      ['too_few_samples', 'b-s1-disp'],
    ]);
  });
});
