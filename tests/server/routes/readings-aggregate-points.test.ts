/**
 * Decision 082 (a): what a client sees of a chart's aggregate points, pinned point by point at the
 * block and minute levels (any change of how the database hands them over must keep it): every
 * point in time order, its time, min, max, mean and count from the samples stored.
 */
import { describe, expect, it } from 'vitest';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { BASE_MS, sineBlocks, streamOnBridge } from '../../helpers/readings-fixtures.ts';

interface Chart {
  level: string;
  points: { t: string; min: number; max: number; mean: number; count: number }[];
}

const iso = (ms: number) => new Date(ms).toISOString();
/** 20 minutes of 10-second blocks at 10 Hz. */
const BLOCKS = sineBlocks('pinned', BASE_MS, 120, 10, 10);
const TO_MS = BASE_MS + 20 * 60_000;

/** The point expected over blocks [first, first + blocks): from the samples sent. */
function expected(first: number, blocks: number) {
  const values = BLOCKS.slice(first, first + blocks).flatMap((block) => block.values);
  return {
    t: iso(BASE_MS + first * 10_000),
    min: Math.min(...values),
    max: Math.max(...values),
    mean: values.reduce((a, b) => a + b, 0) / values.length,
    count: values.length,
  };
}

describe.each(drivers)('aggregate points of a chart on %s', (kind) => {
  const t = setupTestApp(kind);

  it('answers every point in time order with its own values, at the block and minute levels', async () => {
    const staff = await t.createUser({ staff: true });
    const { stream } = await streamOnBridge(t, 'pinned');
    const stored = await t.request({
      method: 'POST',
      url: '/api/v1/ingest',
      token: staff.token,
      body: BLOCKS,
    });
    expect(stored.body).toMatchObject({ accepted_samples: 12_000, rejected: [] });

    const chart = async (maxPoints: number) => {
      const { status, body } = await t.request<Chart>({
        method: 'GET',
        url: `/api/v1/datastreams/${stream.id}/readings?from=${iso(BASE_MS)}&to=${iso(TO_MS)}&max_points=${maxPoints}`,
        token: staff.token,
      });
      expect(status).toBe(200);
      return body;
    };
    const close = (points: ReturnType<typeof expected>[]) =>
      points.map((p) => ({ ...p, mean: expect.closeTo(p.mean, 12) as unknown as number }));

    // 5-second points: one block each.
    const blocks = await chart(240);
    expect(blocks.level).toBe('block');
    expect(blocks.points).toEqual(close(Array.from({ length: 120 }, (_, b) => expected(b, 1))));

    // 2-minute points: two minute roll-ups (twelve blocks) each.
    const minutes = await chart(10);
    expect(minutes.level).toBe('minute');
    expect(minutes.points).toEqual(
      close(Array.from({ length: 10 }, (_, k) => expected(k * 12, 12))),
    );
  });
});
