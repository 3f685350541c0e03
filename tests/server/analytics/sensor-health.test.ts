import { describe, expect, it } from 'vitest';
import { type HealthBlock, sensorFaults } from '../../../server/analytics/sensor-health.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A deterministic noisy signal: a slow wave plus pseudo-random noise of about ±1. */
function noisy(i: number): number {
  const x = Math.sin(i * 12.9898) * 43758.5453;
  return 100 + 5 * Math.sin(i / 500) + 2 * (x - Math.floor(x) - 0.5);
}

/** One day of 10-second blocks at 1 Hz, values from `value(sample index)`. */
function day(value: (i: number) => number, skip: (block: number) => boolean = () => false) {
  const blocks: HealthBlock[] = [];
  for (let b = 0; b < DAY / 10_000; b += 1) {
    if (skip(b)) continue;
    blocks.push({
      startMs: b * 10_000,
      rateHz: 1,
      values: Array.from({ length: 10 }, (_, k) => value(b * 10 + k)),
    });
  }
  return blocks;
}

describe('sensor health', () => {
  it('finds nothing wrong with a healthy noisy signal', () => {
    expect(sensorFaults(day(noisy), 0, DAY)).toEqual([]);
  });

  it('finds a sensor stuck on one value for hours', () => {
    const stuckFrom = 20 * 3600;
    const blocks = day((i) => (i >= stuckFrom ? 101.25 : noisy(i)));
    expect(sensorFaults(blocks, 0, DAY)).toEqual([
      { kind: 'stuck', detail: 'stuck at 101.25 for 4.0 h' },
    ]);
    // Half an hour is not enough; and a thermometer is not judged on it.
    const brief = day((i) => (i >= stuckFrom && i < stuckFrom + 1800 ? 101.25 : noisy(i)));
    expect(sensorFaults(brief, 0, DAY)).toEqual([]);
    expect(sensorFaults(blocks, 0, DAY, { checkStuck: false })).toEqual([]);
  });

  it('finds isolated spikes, not a load that lasts several samples', () => {
    const spikes = new Set([5_000, 30_000, 61_234, 80_000]);
    const spiky = day((i) => noisy(i) + (spikes.has(i) ? 400 : 0));
    expect(sensorFaults(spiky, 0, DAY)).toEqual([
      { kind: 'spikes', detail: '4 spikes of more than 20 standard deviations' },
    ]);
    // A heavy vehicle: the same height over 5 samples, several times a day.
    const loads = day(
      (i) =>
        noisy(i) + ([5_000, 30_000, 61_234, 80_000].some((s) => i >= s && i < s + 5) ? 400 : 0),
    );
    expect(sensorFaults(loads, 0, DAY)).toEqual([]);
  });

  it('finds dropouts, but leaves a silent stream to the offline check', () => {
    // Every fifth 10-minute window loses two thirds of its blocks.
    const gappy = day(noisy, (b) => Math.floor(b / 60) % 5 === 0 && b % 60 < 40);
    const found = sensorFaults(gappy, 0, DAY);
    expect(found.map((f) => f.kind)).toEqual(['dropouts']);
    expect(found[0]?.detail).toBe('20 % of 10-minute windows short of data (29 of 144)');
    const silent = day(noisy, (b) => b * 10_000 >= 20 * HOUR);
    expect(sensorFaults(silent, 0, DAY)).toEqual([]);
    // A few lost blocks are normal.
    const few = day(noisy, (b) => b % 1000 === 0);
    expect(sensorFaults(few, 0, DAY)).toEqual([]);
  });
});
