import { describe, expect, it } from 'vitest';
import { at } from '../../../server/analytics/at';
import {
  DEMO_BURST_SCHEDULE,
  burstStarts,
  simulateBurst,
  simulateBursts,
} from '../../../server/sim/burst-simulator';
import { createScenario } from '../../../server/sim/scenarios';

const T0 = Date.parse('2026-11-10T08:03:00Z');
const MINUTE = 60_000;

const scenario = (faults = createScenario({ seed: 1 }).faults) =>
  createScenario({ seed: 4, spans: 1, accelerationRateHz: 20, faults });

const std = (values: number[]) => {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
};

describe('burst simulator', () => {
  it('records one minute of 20 Hz at every 10-minute boundary, sent as 10-second blocks', () => {
    const blocks = [...simulateBursts(scenario(), { from: T0, to: T0 + 30 * MINUTE })];
    const starts = [...new Set(blocks.map((b) => b.start.slice(11, 16)))];
    expect(starts).toEqual(['08:10', '08:20', '08:30']);
    const first = blocks.filter((b) => b.start.startsWith('2026-11-10T08:10'));
    expect(first.map((b) => b.start.slice(11, 19))).toEqual([
      '08:10:00',
      '08:10:10',
      '08:10:20',
      '08:10:30',
      '08:10:40',
      '08:10:50',
    ]);
    expect(first.every((b) => b.rate_hz === 20 && b.values.length === 200)).toBe(true);
    expect(burstStarts(DEMO_BURST_SCHEDULE, T0, T0 + 30 * MINUTE)).toHaveLength(3);
  });

  it('gives the same burst for the same start, and another for another start', () => {
    const start = Date.parse('2026-11-10T08:10:00Z');
    expect(simulateBurst(scenario(), 'b-s1-acc', start)).toEqual(
      simulateBurst(scenario(), 'b-s1-acc', start),
    );
    const later = simulateBurst(scenario(), 'b-s1-acc', start + 10 * MINUTE);
    expect(at(later, 0).values).not.toEqual(
      at(simulateBurst(scenario(), 'b-s1-acc', start), 0).values,
    );
  });

  it('starts stationary: the first block vibrates as much as the last', () => {
    let first = 0;
    let last = 0;
    for (let i = 0; i < 40; i += 1) {
      const blocks = simulateBurst(scenario(), 'b-s1-acc', T0 + i * 10 * MINUTE);
      first += std(at(blocks, 0).values);
      last += std(at(blocks, blocks.length - 1).values);
    }
    expect(first / last).toBeGreaterThan(0.8);
    expect(first / last).toBeLessThan(1.25);
  });

  it('sends nothing while the stream drops out', () => {
    const start = Date.parse('2026-11-10T08:10:00Z');
    const silent = scenario([{ stream: 'b-s1-acc', kind: 'dropout', from: start + 25_000 }]);
    const blocks = simulateBurst(silent, 'b-s1-acc', start);
    expect(blocks.map((b) => b.start.slice(11, 19))).toEqual(['08:10:00', '08:10:10', '08:10:20']);
    expect(simulateBurst(silent, 'b-s1-acc', start + 10 * MINUTE)).toEqual([]);
  });
});
