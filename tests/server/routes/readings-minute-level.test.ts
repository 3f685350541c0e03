/**
 * Decision 082: a chart at the minute level (a week at 2,000 points) is answered by one
 * statement on the roll-ups; it asked where the minute rows stop being kept first, in a round
 * trip of its own. The answer is the same: points from minute rows, and hour rows where the
 * minute rows are gone, nothing counted twice.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startRollupRetention } from '../../../server/readings/rollup-retention.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { streamOnBridge } from '../../helpers/readings-fixtures.ts';

const DAY_MS = 86_400_000;
const dialect = new PgDialect();
const NOW_MS = Date.UTC(2026, 9, 20, 12);
/** The week charted: it starts 33 days before "now", so a 30-day minute retention cuts it. */
const WEEK_FROM = NOW_MS - 33 * DAY_MS;
/** Three minutes at 1 Hz, values 0..179, starting `ms`. */
const threeMinutes = (stream_id: string, ms: number) => ({
  stream_id,
  start: new Date(ms).toISOString(),
  rate_hz: 1,
  values: Array.from({ length: 180 }, (_, i) => i),
});

interface Chart {
  level: string;
  points: { t: string; min: number; max: number; mean: number; count: number }[];
}

describe.each(drivers)('a week at the minute level on %s', (kind) => {
  const t = setupTestApp(kind);
  afterEach(() => vi.restoreAllMocks());

  it('is one statement on the roll-ups, with the same points before and after minute rows go', async () => {
    const staff = await t.createUser({ staff: true });
    const { stream } = await streamOnBridge(t, 'week');
    // Day 1 at 10:00 (retention will delete its minute rows) and day 5 at 10:00 (kept).
    const early = WEEK_FROM + 10 * 3_600_000;
    const late = WEEK_FROM + 4 * DAY_MS + 10 * 3_600_000;
    const stored = await t.request({
      method: 'POST',
      url: '/api/v1/ingest',
      token: staff.token,
      body: [threeMinutes('week', early), threeMinutes('week', late)],
    });
    expect(stored.body).toMatchObject({ accepted_samples: 360, rejected: [] });

    const db = t.services.database.db;
    const week = async () => {
      const statements: string[] = [];
      const execute = db.execute.bind(db);
      const spy = vi.spyOn(db, 'execute').mockImplementation((query) => {
        statements.push(dialect.sqlToQuery(query as SQL).sql);
        return execute(query);
      });
      const { status, body } = await t.request<Chart>({
        method: 'GET',
        url: `/api/v1/datastreams/${stream.id}/readings?from=${new Date(WEEK_FROM).toISOString()}&to=${new Date(WEEK_FROM + 7 * DAY_MS).toISOString()}&max_points=2000`,
        token: staff.token,
      });
      spy.mockRestore();
      expect(status).toBe(200);
      return { body, rollupStatements: statements.filter((s) => s.includes('reading_rollups')) };
    };

    // Minute rows throughout. The early three minutes fall in one 302.4-s point; a point
    // boundary (22:00:28.8) parts the late ones after their first minute.
    const latePoints = [
      { t: new Date(late).toISOString(), min: 0, max: 59, mean: 29.5, count: 60 },
      { t: new Date(late + 60_000).toISOString(), min: 60, max: 179, mean: 119.5, count: 120 },
    ];
    const before = await week();
    expect(before.rollupStatements).toHaveLength(1);
    expect(before.body).toEqual({
      ...before.body,
      level: 'minute',
      points: [
        { t: new Date(early).toISOString(), min: 0, max: 179, mean: 89.5, count: 180 },
        ...latePoints,
      ],
    });

    const job = startRollupRetention(db, {
      minuteDays: 30,
      hourDays: undefined,
      leads: () => true,
      log: () => undefined,
      now: () => NOW_MS,
    });
    expect(await job.runOnce()).toEqual({ minuteRows: 3, hourRows: 0 });
    await job.stop();

    // Day 1's samples now come from its hour row (its point starts on the hour), day 5's from
    // its minute rows as before; still one statement.
    const after = await week();
    expect(after.rollupStatements).toHaveLength(1);
    expect(after.body).toEqual({
      ...after.body,
      level: 'hour',
      points: [
        {
          t: new Date(WEEK_FROM + 10 * 3_600_000).toISOString(),
          min: 0,
          max: 179,
          mean: 89.5,
          count: 180,
        },
        ...latePoints,
      ],
    });
  });
});
