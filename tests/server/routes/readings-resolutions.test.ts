/**
 * Issue 16: a series is read from raw samples, blocks, minute or hour roll-ups by the range and
 * the points asked for; whichever it is, each point must equal what the raw samples give.
 */
import { describe, expect, it } from 'vitest';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { BASE_MS, HOUR_MS, sineBlocks, streamOnBridge } from '../../helpers/readings-fixtures.ts';

interface Series {
  level: string;
  points: { t: string; min: number; max: number; mean: number; count: number }[];
}

const iso = (ms: number) => new Date(ms).toISOString();
const MINUTE_MS = 60_000;

/** Two hours of 10 Hz in ten-second blocks, with a few outliers so min and max move. */
const blocks = sineBlocks('levels', BASE_MS, 720, 10, 10);
blocks.forEach((block, b) => {
  if (b % 37 === 0) block.values[b % 100] = 5 + b / 100;
  if (b % 53 === 0) block.values[(b * 7) % 100] = -4 - b / 100;
});
const samples = blocks.flatMap((block) =>
  // JSON sends -0 as 0.
  block.values.map((value, i) => ({ t: Date.parse(block.start) + i * 100, value: value + 0 })),
);

/** The points computed here from the raw samples, by the API's rule for equal-width points. */
function expected(fromMs: number, toMs: number, maxPoints: number) {
  const width = (toMs - fromMs) / maxPoints;
  const points = new Map<number, { t: number; min: number; max: number; sum: number; n: number }>();
  for (const { t, value } of samples) {
    if (t < fromMs || t >= toMs) continue;
    const index = Math.min(maxPoints - 1, Math.floor((t - fromMs) / width));
    const point = points.get(index) ?? { t, min: value, max: value, sum: 0, n: 0 };
    point.t = Math.min(point.t, t);
    point.min = Math.min(point.min, value);
    point.max = Math.max(point.max, value);
    point.sum += value;
    point.n += 1;
    points.set(index, point);
  }
  return [...points.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, p]) => ({ t: iso(p.t), min: p.min, max: p.max, mean: p.sum / p.n, count: p.n }));
}

describe.each(drivers)('readings at each resolution on %s', (kind) => {
  const t = setupTestApp(kind);

  it('answers raw, block, minute and hour series equal to the raw samples', async () => {
    const staff = await t.createUser({ staff: true });
    const { stream } = await streamOnBridge(t, 'levels');
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest',
      headers: { authorization: `Bearer ${staff.token}` },
      payload: blocks,
    });
    expect(stored.json()).toMatchObject({ accepted_samples: 72_000, rejected: [] });

    const cases: [number, number, number, string][] = [
      [BASE_MS + 30 * MINUTE_MS, BASE_MS + 31 * MINUTE_MS, 100, 'raw'],
      [BASE_MS, BASE_MS + HOUR_MS, 360, 'block'],
      [BASE_MS + 10 * MINUTE_MS, BASE_MS + 2 * HOUR_MS, 55, 'minute'],
      [BASE_MS - 2 * HOUR_MS, BASE_MS + 4 * HOUR_MS, 6, 'hour'],
    ];
    for (const [from, to, maxPoints, level] of cases) {
      const { status, body } = await t.request<Series>({
        method: 'GET',
        url: `/api/v1/datastreams/${stream.id}/readings?from=${iso(from)}&to=${iso(to)}&max_points=${maxPoints}`,
        token: staff.token,
      });
      expect(status).toBe(200);
      expect(body.level).toBe(level);
      const want = expected(from, to, maxPoints);
      expect(body.points).toHaveLength(want.length);
      body.points.forEach((point, i) => {
        const w = want[i];
        expect({ t: point.t, min: point.min, max: point.max, count: point.count }).toEqual({
          t: w?.t,
          min: w?.min,
          max: w?.max,
          count: w?.count,
        });
        expect(point.mean).toBeCloseTo(w?.mean ?? NaN, 9);
      });
    }
  });
});
