import { describe, expect, it } from 'vitest';
import {
  blockSecondsFor,
  coalesceBlocks,
  type TimedBlock,
} from '../../../server/readings/block-duration.ts';

const T0 = Date.UTC(2026, 10, 30, 10, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();
const burst = (stream: string, startMs: number, blocks: number, perBlock = 200, hz = 20) =>
  Array.from({ length: blocks }, (_, b) => ({
    stream,
    start: iso(startMs + (b * perBlock * 1000) / hz),
    rate_hz: hz,
    values: Array.from({ length: perBlock }, (_, i) => b * perBlock + i),
  }));

describe('block duration from a stream rate (decision 075, amended 2026-12-01)', () => {
  it('picks the shortest duration dividing an hour with at least 1,000 samples, at most 600 s', () => {
    expect(blockSecondsFor(20)).toBe(60);
    expect(blockSecondsFor(100)).toBe(10);
    expect(blockSecondsFor(1000)).toBe(1);
    expect(blockSecondsFor(10_000)).toBe(1);
    expect(blockSecondsFor(0.1)).toBe(600);
    expect(blockSecondsFor(1 / 60)).toBe(600);
    expect(blockSecondsFor(0)).toBe(600);
  });

  it('joins a 60-s burst of 10-s blocks into one block, samples and order unchanged', () => {
    const blocks = burst('acc', T0, 6);
    const joined = coalesceBlocks(blocks);
    expect(joined).toHaveLength(1);
    expect(joined[0]?.start).toBe(iso(T0));
    expect(joined[0]?.values).toEqual(blocks.flatMap((b) => b.values));
  });

  it('keeps streams apart when their blocks interleave, and each stream in order', () => {
    const a = burst('a', T0, 3);
    const b = burst('b', T0, 3);
    const interleaved: TimedBlock[] = a.flatMap((block, i) => [block, ...b.slice(i, i + 1)]);
    const joined = coalesceBlocks(interleaved);
    expect(joined.map((x) => [x.stream, x.values.length])).toEqual([
      ['a', 600],
      ['b', 600],
    ]);
  });

  it('a gap, another rate or a window boundary starts a new block', () => {
    const gap = [...burst('g', T0, 2), ...burst('g', T0 + 30_000, 1)];
    expect(coalesceBlocks(gap).map((x) => x.values.length)).toEqual([400, 200]);
    const rates = [...burst('r', T0, 1), ...burst('r', T0 + 10_000, 1, 100, 10)];
    expect(coalesceBlocks(rates)).toHaveLength(2);
    // Starting 30 s into a minute, a burst is cut where the 60-s window ends.
    const straddling = burst('w', T0 + 30_000, 6);
    expect(coalesceBlocks(straddling).map((x) => [x.start, x.values.length])).toEqual([
      [iso(T0 + 30_000), 600],
      [iso(T0 + 60_000), 600],
    ]);
  });

  it('a sample period that is not a whole number of milliseconds only joins exact continuations', () => {
    const hz = 3; // 1/3 s
    const blocks = burst('t', T0, 2, 3000, hz);
    // 3,000 samples at 3 Hz is 1,000 s, over the 600-s most: each stays alone.
    expect(coalesceBlocks(blocks)).toHaveLength(2);
    const short = burst('s', T0, 4, 30, hz);
    const joined = coalesceBlocks(short);
    expect(joined.reduce((n, x) => n + x.values.length, 0)).toBe(120);
    for (const x of joined) expect(Date.parse(x.start) % 1).toBe(0);
  });
});
