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

const MINUTE = 60_000;

/** A fractional pseudo-random number in [0, 1) for sample i. */
function fraction(i: number): number {
  const x = Math.sin(i * 12.9898) * 43758.5453;
  return x - Math.floor(x);
}

/**
 * A duty-cycled accelerometer (tests/bench/e2e-scenario.ts E2E_BURSTS) from 14:00 to the end of
 * the day: a 60-second burst at 100 Hz every 10 minutes, sent as 10-second blocks.
 * `value(burst of the day, sample in burst)`.
 */
function burstDay(
  value: (burst: number, k: number) => number,
  skip: (burst: number) => boolean = () => false,
) {
  const blocks: HealthBlock[] = [];
  for (let burst = 14 * 6; burst < DAY / (10 * MINUTE); burst += 1) {
    if (skip(burst)) continue;
    for (let block = 0; block < 6; block += 1) {
      blocks.push({
        startMs: burst * 10 * MINUTE + block * 10_000,
        rateHz: 100,
        values: Array.from({ length: 1000 }, (_, k) => value(burst, block * 1000 + k)),
      });
    }
  }
  return blocks;
}

/** Ambient vibration (m/s²): noise of about ±0.01. */
const vibration = (burst: number, k: number) => 0.02 * (fraction(burst * 6000 + k) - 0.5);
/** A burst from hour 20 on holds the value its first sample had, as the simulator's stuck fault. */
const stuckFromHour =
  (hour: number, healthy: (burst: number) => boolean = () => false) =>
  (burst: number, k: number) =>
    burst >= hour * 6 && !healthy(burst) ? vibration(burst, 0) : vibration(burst, k);

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

  it('finds a duty-cycled accelerometer whose bursts are each flat, across the gaps', () => {
    expect(sensorFaults(burstDay(vibration), 0, DAY)).toEqual([]);
    // Two bursts lost on the way change nothing: gaps never break the run.
    const stuck = burstDay(stuckFromHour(20), (burst) => burst === 125 || burst === 130);
    expect(sensorFaults(stuck, 0, DAY)).toEqual([
      {
        kind: 'stuck',
        detail: `stuck at ${Number(vibration(143, 0).toPrecision(6))} for 3.8 h (each of 22 bursts flat, the last at this value)`,
      },
    ]);
    // Flat at one value throughout keeps the plain wording.
    const oneValue = burstDay((burst, k) => (burst >= 120 ? 0.00125 : vibration(burst, k)));
    expect(sensorFaults(oneValue, 0, DAY)).toEqual([
      { kind: 'stuck', detail: 'stuck at 0.00125 for 3.8 h' },
    ]);
  });

  it('does not flag a quiet night whose bursts barely vary', () => {
    // Mostly zero at the stored resolution, one sample in fifty a digit off.
    const quiet = burstDay((burst, k) => (fraction(burst * 6000 + k) < 0.02 ? 1e-5 : 0));
    expect(sensorFaults(quiet, 0, DAY)).toEqual([]);
  });

  it('lets a burst with variation break the run of flat bursts', () => {
    // Flat from 20:00 to 21:50 would be stuck; a live burst at 21:00 leaves 51 and 41 minutes.
    const until2150 = (burst: number) => burst >= 22 * 6;
    expect(sensorFaults(burstDay(stuckFromHour(20, until2150)), 0, DAY)).toHaveLength(1);
    const broken = burstDay(stuckFromHour(20, (burst) => until2150(burst) || burst === 21 * 6));
    expect(sensorFaults(broken, 0, DAY)).toEqual([]);
  });

  it('does not take single readings of a slowly varying quantity for flat bursts', () => {
    // A coarse gauge read once a minute, rising a step every half hour.
    const readings: HealthBlock[] = Array.from({ length: DAY / MINUTE }, (_, m) => ({
      startMs: m * MINUTE,
      rateHz: 0,
      values: [Math.floor(m / 30)],
    }));
    expect(sensorFaults(readings, 0, DAY)).toEqual([]);
  });
});
