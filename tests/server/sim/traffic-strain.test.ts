import { describe, expect, it } from 'vitest';
import { TrafficStrainGenerator, type TruckEvent } from '../../../server/sim/traffic-strain.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
// Monday 16 November 2026, 00:00 UTC.
const MONDAY = Date.parse('2026-11-16T00:00:00Z');

/** Trucks of `days` days at 1 Hz (arrivals do not depend on the sample rate). */
function trucksOver(days: number, seed = 3): TruckEvent[] {
  const generator = new TrafficStrainGenerator({ seed, rateHz: 1 }, MONDAY);
  return generator.fill(new Float64Array(days * 86_400));
}

/** Index of the first sample that differs (-1: none); far faster than a deep equal of 60 000. */
function firstDifference(a: Float64Array, b: Float64Array): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  return a.findIndex((value, i) => !Object.is(value, b[i]));
}

function hourOf(event: TruckEvent): number {
  return Math.floor((event.enteredAt % DAY_MS) / HOUR_MS);
}

describe('traffic strain generator', () => {
  const week = trucksOver(7);

  it('sends more trucks in the rush hours than at night', () => {
    const weekdays = week.filter((event) => event.enteredAt < MONDAY + 5 * DAY_MS);
    const rush = weekdays.filter((event) => [7, 8, 16, 17].includes(hourOf(event))).length;
    const night = weekdays.filter((event) => [1, 2, 3, 4].includes(hourOf(event))).length;
    expect(night).toBeGreaterThan(0);
    expect(rush).toBeGreaterThan(5 * night);
  });

  it('sends fewer trucks on a weekend day than on a weekday', () => {
    const onDay = (day: number) =>
      week.filter((event) => Math.floor((event.enteredAt - MONDAY) / DAY_MS) === day).length;
    const weekdayMean = [0, 1, 2, 3, 4].reduce((sum, day) => sum + onDay(day), 0) / 5;
    expect(onDay(5)).toBeLessThan(0.8 * weekdayMean);
    expect(onDay(6)).toBeLessThan(0.8 * weekdayMean);
    expect(weekdayMean).toBeGreaterThan(1000);
  });

  it('draws gross weights from empty and loaded trucks, within legal-ish bounds', () => {
    const gross = week.map((event) => event.grossKn);
    expect(Math.min(...gross)).toBeGreaterThanOrEqual(40);
    expect(Math.max(...gross)).toBeLessThanOrEqual(700);
    const heavy = gross.filter((kn) => kn > 300).length / gross.length;
    expect(heavy).toBeGreaterThan(0.25);
    expect(heavy).toBeLessThan(0.6);
    for (const event of week.slice(0, 50)) {
      expect(event.axleLoadsKn.reduce((a, b) => a + b, 0)).toBeCloseTo(event.grossKn, 9);
    }
  });

  it('gives the same samples for the same seed, however the series is chunked', () => {
    const options = { seed: 11, rateHz: 100 };
    const start = MONDAY + 8 * HOUR_MS;
    const whole = new Float64Array(60_000);
    const wholeTrucks = new TrafficStrainGenerator(options, start).fill(whole);
    const chunked = new TrafficStrainGenerator(options, start);
    const pieces: number[] = [];
    const chunkTrucks: TruckEvent[] = [];
    for (const size of [1, 999, 12_345, 7, 30_000, 16_648]) {
      const chunk = new Float64Array(size);
      chunkTrucks.push(...chunked.fill(chunk));
      pieces.push(...chunk);
    }
    expect(firstDifference(Float64Array.from(pieces), whole)).toBe(-1);
    expect(chunkTrucks).toEqual(wholeTrucks);
    expect(wholeTrucks.length).toBeGreaterThan(0);
    const other = new Float64Array(60_000);
    new TrafficStrainGenerator({ ...options, seed: 12 }, start).fill(other);
    expect(firstDifference(other, whole)).not.toBe(-1);
  });

  it('makes a strain pulse per truck on top of the thermal part', () => {
    const options = {
      seed: 5,
      rateHz: 100,
      noiseMicrostrain: 0,
      thermal: () => 10,
      dynamicAmplitude: 0,
    };
    const samples = new Float64Array(100 * 600);
    const trucks = new TrafficStrainGenerator(options, MONDAY + 8 * HOUR_MS).fill(samples);
    expect(Math.min(...samples)).toBeCloseTo(10, 9); // an empty span: the thermal part alone
    const peak = Math.max(...samples) - 10;
    const heaviest = Math.max(...trucks.map((event) => event.grossKn));
    expect(peak).toBeGreaterThan(0.35 * heaviest * 0.5);
    expect(peak).toBeLessThan(0.35 * trucks.reduce((sum, event) => sum + event.grossKn, 0));
  });
});
