import { describe, expect, it } from 'vitest';
import { countHistory } from '../../../server/analytics/fatigue/residue';
import { minerDamage } from '../../../server/analytics/fatigue/miner';
import { eurocodeCurve } from '../../../server/analytics/fatigue/sn-curves';
import {
  DEMO_BRIDGES_WITH_DATA,
  demoTimeline,
  type DemoBridge,
} from '../../../server/demo/demo-fleet';
import { strainId } from '../../../server/demo/demo-layout';
import { demoScenario } from '../../../server/demo/demo-scenarios';
import { createBridgeSimulator } from '../../../server/sim/bridge-simulator';
import type { BridgeScenario } from '../../../server/sim/scenario';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Seeded on Tuesday 24 November 2026: the last week holds five weekdays and a weekend.
const timeline = demoTimeline(Date.parse('2026-11-24T06:03:00Z'), 30);

function bridge(key: string): DemoBridge {
  const found = DEMO_BRIDGES_WITH_DATA.find((b) => b.key === key);
  if (!found) throw new Error(`no demo bridge ${key}`);
  return found;
}

/** One stream of a demo bridge over [from, to), advanced in the given steps (ms). */
function samples(
  scenario: BridgeScenario,
  stream: string,
  from: number,
  to: number,
  step = to - from,
): number[] {
  const simulator = createBridgeSimulator(scenario, from, { streams: [stream], blockSeconds: 600 });
  const values: number[] = [];
  for (let t = from; t < to; t = Math.min(to, t + step)) {
    values.push(...simulator.advance(Math.min(to, t + step)).flatMap((b) => b.values));
  }
  return values;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

/** Samples more than `above` µε over the hour's median: a vehicle on the span at that moment. */
function loadedSamples(values: number[], above = 20): number {
  let count = 0;
  for (let i = 0; i < values.length; i += 360) {
    const hour = values.slice(i, i + 360);
    const level = median(hour) + above;
    count += hour.filter((v) => v > level).length;
  }
  return count;
}

describe('the demo strain gauges', () => {
  const scenario = demoScenario(bridge('jacques-cartier'), timeline);
  const gauge = strainId(bridge('jacques-cartier'), 1);

  it('record trucks crossing: rare at night, often at midday, fewer on the weekend', () => {
    // Wednesday 18 and Saturday 21 November 2026 (UTC), four hours each (1,440 samples).
    const at = (day: string, hour: number) => Date.parse(`2026-11-${day}T00:00:00Z`) + hour * HOUR;
    const midday = samples(scenario, gauge, at('18', 11), at('18', 15));
    const busy = loadedSamples(midday);
    expect(busy).toBeGreaterThan(30);
    expect(loadedSamples(samples(scenario, gauge, at('18', 1), at('18', 5)))).toBeLessThan(
      busy / 3,
    );
    expect(loadedSamples(samples(scenario, gauge, at('21', 11), at('21', 15)))).toBeLessThan(
      0.8 * busy,
    );
    // Trucks, not a stream of cars: even at midday most samples find the span unloaded.
    expect(loadedSamples(midday, 10)).toBeLessThan(0.15 * midday.length);
  });

  it('give the same samples however the history is cut into chunks', () => {
    const from = timeline.end - 2 * DAY;
    const whole = samples(scenario, gauge, from, timeline.end);
    const sixHours = samples(scenario, gauge, from, timeline.end, 6 * HOUR);
    const odd = samples(scenario, gauge, from, timeline.end, 37 * 60_000);
    expect(sixHours).toEqual(whole);
    expect(odd).toEqual(whole);
  });

  it('keep the faults: the faulty gauge drifts away and the silent one stops', () => {
    const lionsGate = demoScenario(bridge('lions-gate'), timeline);
    const key = bridge('lions-gate');
    const from = timeline.end - DAY;
    const drifting = median(samples(lionsGate, strainId(key, 2), from, timeline.end));
    const healthy = median(samples(lionsGate, strainId(key, 1), from, timeline.end));
    // 2.5 µε an hour for the last 5 days: about 270 µε above its neighbour on the last day.
    expect(drifting - healthy).toBeGreaterThan(200);
    expect(samples(lionsGate, strainId(key, 3), from, timeline.end)).toEqual([]);
  });

  it('count a small fatigue damage over 7 days on EC3 71 at 200 GPa (decision 007)', () => {
    const week = samples(scenario, gauge, timeline.end - 7 * DAY, timeline.end);
    const damage = minerDamage(countHistory(week, { scale: 0.2 }), eurocodeCurve(71));
    expect(damage).toBeGreaterThan(1e-6);
    expect(damage).toBeLessThan(2e-5);
  });
});
