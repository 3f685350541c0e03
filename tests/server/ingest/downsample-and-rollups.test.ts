import { describe, expect, it } from 'vitest';
import { blockOf } from '../../../server/readings/block.ts';
import { END_OF_RANGE, scanDecimalList } from '../../../server/ingest/decimal-list.ts';
import { Float8Elements } from '../../../server/readings/float8-elements.ts';
import { createBucketer, levelFor } from '../../../server/readings/downsample.ts';
import { rollupsOf } from '../../../server/readings/rollups.ts';

const MIN = 60_000;

describe('levelFor', () => {
  it.each([
    [MIN, 2000, 'raw'],
    [24 * 60 * MIN, 2000, 'block'],
    [7 * 24 * 60 * MIN, 2000, 'minute'],
    [365 * 24 * 60 * MIN, 2000, 'hour'],
  ])('a range of %i ms in %i points reads the %s level', (range, points, level) => {
    expect(levelFor(0, range, points)).toBe(level);
  });
});

describe('createBucketer', () => {
  it('keeps the extremes of every bucket and never makes more than max points', () => {
    const bucketer = createBucketer(0, 1000, 4);
    for (let t = 0; t < 1000; t += 1)
      bucketer.add(t, t === 333 ? -9 : 0, t === 777 ? 9 : 1, 0.5, 1);
    const points = bucketer.points();
    expect(points).toHaveLength(4);
    expect(points.map((p) => [p.t, p.min, p.max, p.count])).toEqual([
      [0, 0, 1, 250],
      [250, -9, 1, 250],
      [500, 0, 1, 250],
      [750, 0, 9, 250],
    ]);
  });
});

describe('rollupsOf', () => {
  it('splits a block that crosses a minute boundary and adds up to the samples', () => {
    const rows = rollupsOf([{ datastreamId: 1, block: blockOf('a', MIN - 1000, 2, [1, 2, 3, 4]) }]);
    expect(rows.filter((r) => r.bucketSeconds === 60)).toEqual([
      { datastreamId: 1, bucketSeconds: 60, bucketMs: 0, min: 1, max: 2, sum: 3, n: 2 },
      { datastreamId: 1, bucketSeconds: 60, bucketMs: MIN, min: 3, max: 4, sum: 7, n: 2 },
    ]);
    expect(rows.filter((r) => r.bucketSeconds === 3600)).toEqual([
      { datastreamId: 1, bucketSeconds: 3600, bucketMs: 0, min: 1, max: 4, sum: 10, n: 4 },
    ]);
  });

  it('buckets a block held as encoded elements the same as one held as numbers', () => {
    const numbers = blockOf('a', MIN - 1000, 2, [1, 2.5, -3, 4]);
    const text = Buffer.from('1, 2.5,-3,4');
    const arena = new Float8Elements();
    arena.room(text.length);
    scanDecimalList(text, 0, text.length, END_OF_RANGE, arena.view, arena.offset);
    const encoded = { ...numbers, values: undefined, elements: arena.take(4) };
    expect(rollupsOf([{ datastreamId: 1, block: encoded }])).toEqual(
      rollupsOf([{ datastreamId: 1, block: numbers }]),
    );
  });

  it('gives the same rows as bucketing every sample, for blocks inside and across buckets', () => {
    const blocks = Array.from({ length: 150 }, (_, k) => ({
      datastreamId: 1 + (k % 2),
      block: blockOf(
        's',
        MIN * 59 + k * 1700,
        4,
        Array.from({ length: 8 }, (_, i) => Math.sin(k * 8 + i) * 10),
      ),
    }));
    const expected = new Map<string, { min: number; max: number; sum: number; n: number }>();
    for (const { datastreamId, block } of blocks) {
      block.values.forEach((value, i) => {
        const t = block.startMs + i * 250;
        for (const seconds of [60, 3600]) {
          const key = `${datastreamId}:${seconds}:${Math.floor(t / (seconds * 1000)) * seconds * 1000}`;
          const row = expected.get(key) ?? { min: Infinity, max: -Infinity, sum: 0, n: 0 };
          expected.set(key, {
            min: Math.min(row.min, value),
            max: Math.max(row.max, value),
            sum: row.sum + value,
            n: row.n + 1,
          });
        }
      });
    }
    const rows = rollupsOf(blocks);
    expect(rows).toHaveLength(expected.size);
    for (const row of rows) {
      const want = expected.get(`${row.datastreamId}:${row.bucketSeconds}:${row.bucketMs}`);
      expect(want).toBeDefined();
      expect(row.min).toBe(want?.min);
      expect(row.max).toBe(want?.max);
      expect(row.n).toBe(want?.n);
      expect(row.sum).toBeCloseTo(want?.sum ?? NaN, 9);
    }
  });
});
