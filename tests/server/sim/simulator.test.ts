import { at } from '../../../server/analytics/at';
import { describe, expect, it } from 'vitest';
import { pickPeaks } from '../../../server/analytics/peak-picking';
import { welchPsd } from '../../../server/analytics/welch';
import { createBridgeSimulator, simulateBlocks } from '../../../server/sim/bridge-simulator';
import { simulateFeatureWindows } from '../../../server/sim/feature-generator';
import { modeFrequency } from '../../../server/sim/modal-model';
import { createScenario } from '../../../server/sim/scenarios';
import type { BridgeScenario, FaultSpec } from '../../../server/sim/scenario';

const T0 = Date.parse('2026-04-10T10:00:00Z');
const MINUTE = 60_000;

function accelerometer(scenario: BridgeScenario, from: number, minutes: number): number[] {
  const values: number[] = [];
  for (const block of simulateBlocks(scenario, {
    from,
    to: from + minutes * MINUTE,
    streams: ['b-s1-acc'],
  })) {
    values.push(...block.values);
  }
  return values;
}

function firstMode(values: number[]): number {
  const peaks = pickPeaks(welchPsd(values, 100, 2048), { minHz: 2, maxHz: 4, count: 1 });
  return at(peaks, 0).frequencyHz;
}

describe('bridge simulator', () => {
  it('gives the same blocks for the same seed and different ones for another seed', () => {
    const run = (seed: number) => [
      ...simulateBlocks(createScenario({ seed, spans: 1 }), { from: T0, to: T0 + 5000 }),
    ];
    expect(run(3)).toEqual(run(3));
    expect(at(run(4), 0).values).not.toEqual(at(run(3), 0).values);
    const first = at(run(3), 0);
    expect(first).toMatchObject({
      stream: 'b-s1-acc',
      start: '2026-04-10T10:00:00.000Z',
      rate_hz: 100,
    });
    expect(first.values).toHaveLength(100);
  });

  it('shows the injected frequency drop in the accelerometer spectrum from the damage time on', () => {
    const damageAt = T0 + 10 * MINUTE;
    const scenario = createScenario({
      seed: 9,
      spans: 1,
      damage: [{ span: 'span-1', modes: [0], dropPercent: 5, from: damageAt }],
    });
    const signal = accelerometer(scenario, T0, 20);
    const before = firstMode(signal.slice(0, 10 * 60 * 100));
    const after = firstMode(signal.slice(10 * 60 * 100));
    expect(after / before).toBeGreaterThan(0.93);
    expect(after / before).toBeLessThan(0.97);
  });

  it('raises natural frequencies when the deck freezes, and lowers them as it warms', () => {
    const mode = at(at(createScenario({ seed: 1 }).spans, 0).modes, 0);
    const f = (t: number) => modeFrequency(mode, t, 0, 1);
    expect(f(25)).toBeLessThan(f(10));
    expect(f(-6) / f(1)).toBeGreaterThan(1.05);
    // The frozen stiffening is far steeper than the warm-side slope.
    expect(f(-2) - f(0)).toBeGreaterThan(5 * (f(0) - f(2)));
  });

  it('follows a cold spell in the window-level generator', () => {
    const from = Date.parse('2026-05-01T00:00:00Z');
    const day = 86_400_000;
    const scenario = createScenario({
      seed: 2,
      climate: { coldSpells: [{ from: from + 3 * day, to: from + 6 * day, deltaC: -25 }] },
    });
    const { featureNames, windows } = simulateFeatureWindows(scenario, {
      from,
      to: from + 8 * day,
      windowSeconds: 3600,
    });
    const f1 = featureNames.indexOf('span-1.f1');
    const mean = (rows: typeof windows) =>
      rows.reduce((s, w) => s + at(w.features, f1), 0) / rows.length;
    const cold = windows.filter((w) => w.temperatureC < -3);
    const mild = windows.filter((w) => w.temperatureC > 3);
    expect(cold.length).toBeGreaterThan(24);
    expect(mean(cold) / mean(mild)).toBeGreaterThan(1.04);
  });

  it('injects sensor faults: drift, spikes, stuck value and dropout', () => {
    const faults: FaultSpec[] = [
      { stream: 'b-s1-disp', kind: 'drift', from: T0, magnitude: 3600 }, // 1 mm per second
      { stream: 'b-s1-str', kind: 'spikes', from: T0, magnitude: 1000, rate: 0.05 },
      { stream: 'b-s1-tilt', kind: 'stuck', from: T0 + 10_000 },
      { stream: 'b-s1-load', kind: 'dropout', from: T0 + 5000, to: T0 + 8000 },
    ];
    const scenario = createScenario({ seed: 5, spans: 1, faults });
    const blocks = [...simulateBlocks(scenario, { from: T0, to: T0 + 20_000 })];
    const of = (id: string) => blocks.filter((b) => b.stream === id);
    const displacement = of('b-s1-disp').map((b) => at(b.values, 0));
    expect(at(displacement, 19) - at(displacement, 0)).toBeGreaterThan(17);
    expect(
      of('b-s1-str')
        .flatMap((b) => b.values)
        .some((v) => Math.abs(v) > 500),
    ).toBe(true);
    const tilt = of('b-s1-tilt').map((b) => at(b.values, 0));
    expect(new Set(tilt.slice(10)).size).toBe(1);
    expect(new Set(tilt.slice(0, 10)).size).toBeGreaterThan(1);
    expect(of('b-s1-load').map((b) => b.start.slice(17, 19))).not.toContain('06');
    expect(of('b-s1-load')).toHaveLength(17);
  });

  it('sends slow streams as one-sample blocks when a sample is due and keeps state between calls', () => {
    const scenario = createScenario({ seed: 1, spans: 1 });
    const live = createBridgeSimulator(scenario, T0);
    const first = live.advance(T0 + 2 * MINUTE);
    const temperature = first.filter((b) => b.stream === 'b-temp');
    expect(temperature.map((b) => [b.start, b.values.length])).toEqual([
      ['2026-04-10T10:00:00.000Z', 1],
      ['2026-04-10T10:01:00.000Z', 1],
    ]);
    const next = live.advance(T0 + 3 * MINUTE);
    expect(next.filter((b) => b.stream === 'b-s1-acc')).toHaveLength(60);
    expect(live.time).toBe(T0 + 3 * MINUTE);
  });
});
