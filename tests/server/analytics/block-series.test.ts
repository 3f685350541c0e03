import { describe, expect, it } from 'vitest';
import {
  blockSeries,
  type SampleBlock,
  seriesFromBlocks,
  sliceSeries,
} from '../../../server/analytics/series.ts';

// The windowing lays a day's blocks onto the grid one window at a time (decision 039): every
// window must hold exactly the samples the whole day's grid gave it, gaps and overlaps included.

const DAY_START = Date.UTC(2026, 10, 1);
const WINDOW_MS = 600_000;

function randomBlocks(seed: number, rateHz: number): SampleBlock[] {
  let state = seed;
  const random = () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
  return Array.from({ length: 60 }, () => {
    // Some start before the day, some overlap others, some run past its end; odd rates too.
    const start = DAY_START - 3_600_000 + Math.floor(random() * 90_000_000);
    const rate = random() < 0.2 ? rateHz * (0.5 + random()) : rateHz;
    const values = Array.from({ length: Math.floor(random() * 400) }, () =>
      random() < 0.05 ? Number.NaN : random() * 10 - 5,
    );
    return { start: random() < 0.5 ? start : new Date(start).toISOString(), rate_hz: rate, values };
  });
}

const same = (a: Float64Array, b: Float64Array) =>
  a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

describe('a series laid out per window', () => {
  it.each([20, 0.1, 1 / 60, 3])(
    'gives every window the whole grid’s samples at %s Hz',
    (rateHz) => {
      for (const seed of [1, 2, 3]) {
        const blocks = randomBlocks(seed * 7919, rateHz);
        const to = DAY_START + 86_400_000;
        const whole = seriesFromBlocks('s', 'acceleration', rateHz, blocks, DAY_START, to);
        const lazy = blockSeries('s', 'acceleration', rateHz, blocks, DAY_START, to);
        expect(lazy.length).toBe(whole.values.length);
        for (let start = DAY_START - WINDOW_MS; start < to + WINDOW_MS; start += WINDOW_MS / 2) {
          const window = [start, start + WINDOW_MS] as const;
          expect(same(sliceSeries(lazy, ...window), sliceSeries(whole, ...window))).toBe(true);
        }
      }
    },
  );
});
