import { describe, expect, it } from 'vitest';
import {
  detection,
  distinctEpisodes,
  episodesWithin,
  perBridgeYear,
} from '../../bench/e2e-scoring.ts';

const H = 3_600_000;
const episode = (startH: number, endH: number, reportedH: number) => ({
  start: startH * H,
  end: endH * H,
  reportedAt: reportedH * H,
});

describe('end-to-end bench scoring', () => {
  it('counts an episode reported by several overlapping evaluations once', () => {
    const merged = distinctEpisodes([
      episode(10, 14, 24),
      episode(11, 16, 48), // the next day's evaluation saw it start an hour later and last longer
      episode(16, 17, 48), // touches: still the same episode
      episode(30, 31, 48),
    ]);
    expect(merged).toEqual([episode(10, 17, 24), episode(30, 31, 48)]);
  });

  it('measures the delay from the onset to the first episode that starts after it', () => {
    const reported = [episode(90, 110, 120), episode(130, 140, 144), episode(131, 150, 168)];
    // The episode running at the onset (hour 100) was raised by something else.
    expect(detection(reported, 100 * H)).toEqual({ onsetHours: 30, reportedHours: 44 });
  });

  it('says never when no episode starts after the onset', () => {
    expect(detection([episode(90, 110, 120)], 100 * H)).toBeNull();
  });

  it('counts the episodes starting within a stretch, per bridge-year', () => {
    const reported = [episode(0, 1, 24), episode(50, 60, 72), episode(100, 101, 120)];
    const range = { start: 50 * H, end: 100 * H };
    expect(episodesWithin(reported, range)).toHaveLength(1);
    expect(perBridgeYear(2, { start: 0, end: 365.25 * 24 * H })).toBeCloseTo(2);
    expect(perBridgeYear(1, { start: 0, end: 0.5 * 365.25 * 24 * H })).toBeCloseTo(2);
  });
});
