/**
 * Issue 16, RAW_RETENTION_DAYS: the scheduled job drops whole raw partitions older than the age
 * and keeps newer ones and every roll-up, only where it leads the schedules.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadSettings } from '../../../server/config/config.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { startRawRetention } from '../../../server/readings/raw-retention.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { streamOnBridge } from '../../helpers/readings-fixtures.ts';

const OLD_MS = Date.UTC(2025, 0, 15, 12);
const NEW_MS = Date.UTC(2025, 5, 15, 12);
/** "Now" for the job: 100 days after the newer month began. */
const NOW_MS = Date.UTC(2025, 8, 8);

describe('RAW_RETENTION_DAYS', () => {
  it('is off by default and takes a number of days', () => {
    expect(loadSettings({}).rawRetentionDays).toBeUndefined();
    expect(loadSettings({ RAW_RETENTION_DAYS: 'off' }).rawRetentionDays).toBeUndefined();
    expect(loadSettings({ RAW_RETENTION_DAYS: '90' }).rawRetentionDays).toBe(90);
    expect(() => loadSettings({ RAW_RETENTION_DAYS: '0' })).toThrow(
      /^RAW_RETENTION_DAYS must be 'off' or a whole number of days/,
    );
  });
});

describe.each(drivers)('raw retention on %s', (kind) => {
  const t = setupTestApp(kind);
  const db = () => t.services.database.db;

  const partitions = async () =>
    rowsOf<{ name: string }>(
      await db().execute(
        sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
            WHERE i.inhparent = 'readings'::regclass ORDER BY 1`,
      ),
    ).map((row) => row.name);
  const count = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: number | string }>(await db().execute(query))[0]?.n);

  it('drops raw partitions older than the age and keeps newer ones and the roll-ups', async () => {
    const staff = await t.createUser({ staff: true });
    const { stream } = await streamOnBridge(t, 'kept');
    const block = (ms: number) => ({
      stream_id: 'kept',
      start: new Date(ms).toISOString(),
      rate_hz: 1,
      values: [1, 2, 3],
    });
    const stored = await t.request({
      method: 'POST',
      url: '/api/v1/ingest',
      token: staff.token,
      body: [block(OLD_MS), block(NEW_MS)],
    });
    expect(stored.body).toMatchObject({ accepted_samples: 6, rejected: [] });
    expect(await partitions()).toEqual(
      expect.arrayContaining(['readings_y2025m01', 'readings_y2025m06']),
    );
    const rollupsBefore = await count(sql`SELECT count(*) AS n FROM reading_rollups`);

    const logs: string[] = [];
    const follower = startRawRetention(db(), {
      days: 100,
      leads: () => false,
      log: (message) => logs.push(message),
      now: () => NOW_MS,
    });
    expect(await follower.runOnce()).toEqual([]);
    await follower.stop();
    expect(await partitions()).toContain('readings_y2025m01');

    const leader = startRawRetention(db(), {
      days: 100,
      leads: () => true,
      log: (message) => logs.push(message),
      now: () => NOW_MS,
    });
    // June ended 69 days before "now": within the age, so only January goes.
    expect(await leader.runOnce()).toEqual(['readings_y2025m01']);
    await leader.stop();

    const left = await partitions();
    expect(left).not.toContain('readings_y2025m01');
    expect(left).toEqual(expect.arrayContaining(['readings_y2025m06', 'readings_default']));
    expect(await count(sql`SELECT count(*) AS n FROM readings`)).toBe(1);
    expect(await count(sql`SELECT count(*) AS n FROM reading_rollups`)).toBe(rollupsBefore);
    expect(
      await count(
        sql`SELECT count(*) AS n FROM reading_rollups WHERE datastream_id = ${stream.id}
            AND bucket < ${new Date(Date.UTC(2025, 1, 1)).toISOString()}::timestamptz`,
      ),
    ).toBe(2);
    expect(logs).toEqual(['Raw retention dropped readings_y2025m01']);

    // The old month's chart is still answered, from its hour roll-up.
    const chart = await t.request<{ level: string; points: { count: number }[] }>({
      method: 'GET',
      url: `/api/v1/datastreams/${stream.id}/readings?from=2025-01-01T00:00:00Z&to=2025-02-01T00:00:00Z&max_points=100`,
      token: staff.token,
    });
    expect(chart.body.level).toBe('hour');
    expect(chart.body.points).toEqual([expect.objectContaining({ count: 3 })]);
  });
});
