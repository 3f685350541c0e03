import { describe, expect, it } from 'vitest';
import { at } from '../../../server/analytics/at';
import { pickPeaks } from '../../../server/analytics/peak-picking';
import { welchPsd } from '../../../server/analytics/welch';
import {
  DEMO_BRIDGES_WITH_DATA,
  demoTimeline,
  type DemoBridge,
} from '../../../server/demo/demo-fleet';
import { demoSensors } from '../../../server/demo/demo-layout';
import { demoScenario } from '../../../server/demo/demo-scenarios';
import { deriveHealth } from '../../../domain/health';
import { simulateBurst } from '../../../server/sim/burst-simulator';
import { damageFactorAt } from '../../../server/sim/modal-model';
import { createClimate } from '../../../server/sim/climate';

const DAY = 86_400_000;
const SEEDED_AT = Date.parse('2026-11-22T05:47:12Z');
const timeline = demoTimeline(SEEDED_AT, 30);

function bridge(key: string): DemoBridge {
  const found = DEMO_BRIDGES_WITH_DATA.find((b) => b.key === key);
  if (!found) throw new Error(`no demo bridge ${key}`);
  return found;
}

function temperatures(key: string, from: number, to: number): number[] {
  const scenario = demoScenario(bridge(key), timeline);
  const climate = createClimate(scenario.climate, scenario.seed);
  const out: number[] = [];
  for (let t = from; t < to; t += 600_000) out.push(climate.temperatureAt(t));
  return out;
}

function meanFirstMode(key: string, stream: string, from: number, bursts: number): number {
  const scenario = demoScenario(bridge(key), timeline);
  let sum = 0;
  for (let i = 0; i < bursts; i += 1) {
    const values = simulateBurst(scenario, stream, from + i * 600_000).flatMap((b) => b.values);
    sum += at(
      pickPeaks(welchPsd(values, 20, 512), { minHz: 1.5, maxHz: 3, count: 1 }),
      0,
    ).frequencyHz;
  }
  return sum / bursts;
}

describe('demo scenarios', () => {
  it('end the history on the 10-minute boundary before seeding and start the given days earlier', () => {
    expect(new Date(timeline.end).toISOString()).toBe('2026-11-22T05:40:00.000Z');
    expect((timeline.end - timeline.start) / DAY).toBe(30);
    expect(demoTimeline(SEEDED_AT, 0).start).toBe(timeline.end);
  });

  it('name sensors after their streams: per span an accelerometer and a strain gauge, one thermometer', () => {
    const ids = demoSensors(bridge('confederation')).map((s) => `${s.streamId}:${s.spanIndex}`);
    expect(ids).toEqual([
      'confederation-s1-acc:0',
      'confederation-s1-str:0',
      'confederation-s2-acc:1',
      'confederation-s2-str:1',
      'confederation-s3-acc:2',
      'confederation-s3-str:2',
      'confederation-temp:1',
    ]);
    const faulty = demoSensors(bridge('lions-gate')).filter((s) => s.status === 'faulty');
    expect(faulty.map((s) => s.streamId)).toEqual(['lions-gate-s2-str']);
  });

  it('damages the Confederation Bridge main span on each day of its last week: its first mode drops 8 % while the crack is open', () => {
    const scenario = demoScenario(bridge('confederation'), timeline);
    const [damage] = scenario.damage;
    const from = damage?.from ?? 0;
    expect(from).toBeGreaterThan(timeline.end - 7 * DAY);
    // Each opening raises its own alarm episode; the 7-day evaluation period of the first start
    // holds 7 of them, and more than 5 episodes are Critical in the spec's health table.
    let openings = 0;
    let open = false;
    for (let t = timeline.end - 7 * DAY; t < timeline.end; t += 600_000) {
      const now = damageFactorAt(scenario, 'span-2', 0, t) < 1;
      if (now && !open) openings += 1;
      open = now;
    }
    expect(openings).toBe(7);
    expect(deriveHealth(openings, new Date(timeline.end)).condition).toBe('Critical');

    const before = meanFirstMode('confederation', 'confederation-s2-acc', from - 2 * 3_600_000, 12);
    const opened = meanFirstMode('confederation', 'confederation-s2-acc', from, 12);
    const closed = meanFirstMode(
      'confederation',
      'confederation-s2-acc',
      from + 14 * 3_600_000,
      12,
    );
    expect(opened / before).toBeGreaterThan(0.89);
    expect(opened / before).toBeLessThan(0.95);
    expect(closed / opened).toBeGreaterThan(1.05);
    const healthy = demoScenario(bridge('jacques-cartier'), timeline);
    expect(healthy.damage).toEqual([]);
    expect(healthy.faults).toEqual([]);
  });

  it.each(DEMO_BRIDGES_WITH_DATA.map((b) => b.key))(
    '%s: a hard freeze in the first 21 days, a milder frost in the last week within that range',
    (key) => {
      const baseline = temperatures(key, timeline.start, timeline.start + 21 * DAY);
      const lastWeek = temperatures(key, timeline.end - 7 * DAY, timeline.end);
      expect(Math.min(...baseline)).toBeLessThan(-8);
      expect(Math.min(...lastWeek)).toBeLessThan(0);
      expect(Math.min(...lastWeek)).toBeGreaterThan(Math.min(...baseline) + 2);
      expect(Math.max(...lastWeek)).toBeLessThan(Math.max(...baseline));
    },
  );
});
