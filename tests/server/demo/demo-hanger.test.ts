import { describe, expect, it } from 'vitest';
import { estimateCableTension } from '../../../server/analytics/modal/cable-harmonics.ts';
import { cableRecord } from '../../../server/analysis/cable-record.ts';
import {
  DEMO_BRIDGES_WITH_DATA,
  DEMO_FLEET,
  type DemoBridge,
  demoTimeline,
} from '../../../server/demo/demo-fleet.ts';
import { demoSensors, hangerId } from '../../../server/demo/demo-layout.ts';
import { demoScenario } from '../../../server/demo/demo-scenarios.ts';
import { createBridgeSimulator } from '../../../server/sim/bridge-simulator.ts';
import { simulateBurst } from '../../../server/sim/burst-simulator.ts';
import { cableFrequencies } from '../../../server/sim/stream-modes.ts';

const WINDOW_MS = 600_000;
const END = Date.parse('2026-11-30T22:00:00Z');
const timeline = demoTimeline(END, 30);
const bridge = (key: string): DemoBridge => {
  const found = DEMO_FLEET.find((b) => b.key === key);
  if (!found) throw new Error(`no demo bridge ${key}`);
  return found;
};
const lionsGate = bridge('lions-gate');
const HANGER = hangerId(lionsGate, 2);

/** One 10-minute window of the hanger at 20 Hz as the tension step reads it: the burst, then gap. */
function hangerWindow(start: number): Float64Array {
  const grid = new Float64Array((WINDOW_MS / 1000) * 20).fill(Number.NaN);
  const values = simulateBurst(demoScenario(lionsGate, timeline), HANGER, start).flatMap(
    (b) => b.values,
  );
  grid.set(values, 0);
  return grid;
}

// Decision 079, 2026-12-01 amendment: the demo's hanger, its data and what it leaves alone.
describe("the demo's hanger on Lions Gate", () => {
  it('is one accelerometer seeded with its cable, measuring across the bridge', () => {
    const onCable = DEMO_FLEET.flatMap((b) => demoSensors(b).filter((s) => s.cable));
    expect(onCable.map((s) => s.streamId)).toEqual(['lions-gate-s2-hgr']);
    expect(onCable[0]?.cable).toMatchObject({ length_m: 45, mass_per_m: 15 });
    const spec = demoScenario(lionsGate, timeline).streams.find((s) => s.id === HANGER);
    // f₁ = 1/(2·45)·√(180000/15) = 1.217 Hz; the sixth harmonic well below 10 Hz.
    const frequencies = cableFrequencies(
      spec?.cable ?? { lengthM: 1, massPerM: 1, tensionN: 1, harmonics: 0, damping: 0, at: 0 },
    );
    expect(frequencies[0]).toBeCloseTo(1.2172, 4);
    expect(frequencies.at(-1)).toBeLessThan(7.5);
  });

  // Stated before the first run: every burst's tension within 5 % of the simulated 180 kN
  // (a minute's bin is 0.078 Hz, 6 % of f₁), none refused.
  it('gives the tension it was simulated at from the minute recorded in each window', () => {
    const errors: number[] = [];
    for (let k = 0; k < 36; k += 1) {
      const start = timeline.end - (k + 1) * 4 * WINDOW_MS;
      const result = estimateCableTension(
        (() => {
          const record = cableRecord(hangerWindow(start));
          if (record.kind === 'too-short') throw new Error('too short');
          return record.samples;
        })(),
        20,
        { lengthM: 45, massPerM: 15 },
      );
      if (result.kind !== 'estimated') throw new Error(result.reason);
      errors.push(result.tensionN / 180_000 - 1);
    }
    expect(Math.max(...errors.map(Math.abs))).toBeLessThan(0.05);
  });

  it("leaves every other stream's samples as they were without the hanger", () => {
    const without = { ...lionsGate, hanger: undefined };
    const a = demoScenario(lionsGate, timeline);
    const b = demoScenario(without, timeline);
    expect(a.streams.map((s) => s.id).filter((id) => id !== HANGER)).toEqual(
      b.streams.map((s) => s.id),
    );
    const start = timeline.end - 3 * WINDOW_MS;
    for (const id of ['lions-gate-s2-acc', 'lions-gate-s1-acc', 'lions-gate-s3-acc']) {
      expect(simulateBurst(a, id, start)).toEqual(simulateBurst(b, id, start));
    }
    const continuous = (scenario: typeof a) =>
      createBridgeSimulator(scenario, timeline.end - 3_600_000, {
        streams: ['lions-gate-s1-str', 'lions-gate-temp'],
        blockSeconds: 600,
      }).advance(timeline.end);
    expect(continuous(a)).toEqual(continuous(b));
    // Another bridge's scenario holds no hanger and is what it was.
    const confederation = DEMO_BRIDGES_WITH_DATA[0] as DemoBridge;
    expect(demoScenario(confederation, timeline).streams.some((s) => s.cable)).toBe(false);
  });
});
