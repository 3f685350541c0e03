/**
 * Issue 34, retention by tier: minute roll-ups older than MINUTE_ROLLUP_RETENTION_DAYS are
 * deleted, hour rows kept, and a chart that would read minute rows answers from hour rows there.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadSettings } from '../../../server/config/config.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { startRollupRetention } from '../../../server/readings/rollup-retention.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { streamOnBridge } from '../../helpers/readings-fixtures.ts';

const DAY_MS = 86_400_000;
/** "Now" for the job, on an hour; the old blocks are 40 days before it, the new ones 10. */
const NOW_MS = Date.UTC(2026, 9, 20, 12);
const OLD_MS = NOW_MS - 40 * DAY_MS + 30 * 60_000;
const NEW_MS = NOW_MS - 10 * DAY_MS + 30 * 60_000;
/** Two minutes at 1 Hz: 120 samples, values 0..119 (two minute rows, in one hour row). */
const twoMinutes = (stream_id: string, ms: number) => ({
  stream_id,
  start: new Date(ms).toISOString(),
  rate_hz: 1,
  values: Array.from({ length: 120 }, (_, i) => i),
});

describe('MINUTE_ROLLUP_RETENTION_DAYS and HOUR_ROLLUP_RETENTION_DAYS', () => {
  it('are off by default, take days, and keep hour rows at least as long', () => {
    const settings = loadSettings({});
    expect(settings.minuteRollupRetentionDays).toBeUndefined();
    expect(settings.hourRollupRetentionDays).toBeUndefined();
    expect(loadSettings({ MINUTE_ROLLUP_RETENTION_DAYS: '90' }).minuteRollupRetentionDays).toBe(90);
    expect(() => loadSettings({ MINUTE_ROLLUP_RETENTION_DAYS: '7' })).toThrow(
      /MINUTE_ROLLUP_RETENTION_DAYS must be 'off' or a whole number of days from 30/,
    );
    expect(() =>
      loadSettings({ MINUTE_ROLLUP_RETENTION_DAYS: '90', HOUR_ROLLUP_RETENTION_DAYS: '60' }),
    ).toThrow(/HOUR_ROLLUP_RETENTION_DAYS \(60\) must not be shorter/);
    expect(() => loadSettings({ HOUR_ROLLUP_RETENTION_DAYS: '365' })).toThrow(
      /must not be shorter than MINUTE_ROLLUP_RETENTION_DAYS \(off\)/,
    );
  });
});

describe.each(drivers)('roll-up retention on %s', (kind) => {
  const t = setupTestApp(kind);
  const db = () => t.services.database.db;
  const count = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: number | string }>(await db().execute(query))[0]?.n);

  it('deletes old minute rows, keeps hour rows, and charts old ranges from them', async () => {
    const staff = await t.createUser({ staff: true });
    const { stream } = await streamOnBridge(t, 'tiered');
    const block = (ms: number) => twoMinutes('tiered', ms);
    const stored = await t.request({
      method: 'POST',
      url: '/api/v1/ingest',
      token: staff.token,
      body: [block(OLD_MS), block(NEW_MS)],
    });
    expect(stored.body).toMatchObject({ accepted_samples: 240, rejected: [] });
    const rows = (seconds: number) =>
      count(sql`SELECT count(*) AS n FROM reading_rollups
                WHERE datastream_id = ${stream.id} AND bucket_seconds = ${seconds}`);
    expect([await rows(60), await rows(3600)]).toEqual([4, 2]);

    const chart = async (fromMs: number, toMs: number, maxPoints: number) =>
      (
        await t.request<{ level: string; points: { count: number; min: number; max: number }[] }>({
          method: 'GET',
          url: `/api/v1/datastreams/${stream.id}/readings?from=${new Date(fromMs).toISOString()}&to=${new Date(toMs).toISOString()}&max_points=${maxPoints}`,
          token: staff.token,
        })
      ).body;
    // A day at 100 points (14.4 minutes each) and the 31 days across both at 1,000 (45 minutes).
    const oldDay = () => chart(OLD_MS - 12 * 3_600_000, OLD_MS + 12 * 3_600_000, 100);
    const across = () => chart(OLD_MS - 3_600_000, NEW_MS + 3_600_000, 1000);
    expect(await oldDay()).toMatchObject({ level: 'minute', points: [{ count: 120 }] });

    const logs: string[] = [];
    const job = startRollupRetention(db(), {
      minuteDays: 30,
      hourDays: undefined,
      leads: () => true,
      log: (message) => logs.push(message),
      now: () => NOW_MS,
    });
    expect(await job.runOnce()).toEqual({ minuteRows: 2, hourRows: 0 });
    await job.stop();
    expect(logs).toEqual(['Roll-up retention deleted 2 minute and 0 hour roll-up rows']);
    expect([await rows(60), await rows(3600)]).toEqual([2, 2]);
    expect(
      await count(sql`SELECT count(*) AS n FROM reading_rollups WHERE bucket_seconds = 60
                      AND bucket < ${new Date(NOW_MS - 30 * DAY_MS).toISOString()}::timestamptz`),
    ).toBe(0);

    // The old day answers from its hour row, every sample counted, min and max kept.
    expect(await oldDay()).toMatchObject({
      level: 'hour',
      points: [expect.objectContaining({ count: 120, min: 0, max: 119 })],
    });
    // Across the edge: hour rows before it, minute rows after, nothing counted twice.
    const both = await across();
    expect(both.level).toBe('hour');
    expect(both.points.reduce((sum, p) => sum + p.count, 0)).toBe(240);
    // Within the retention, the minute level as before.
    expect(await chart(NEW_MS - 3_600_000, NEW_MS + 3_600_000, 100)).toMatchObject({
      level: 'minute',
    });
  });

  it("deletes at most a pass's rows, whole hours, where it stopped; a year's chart answers from hours", async () => {
    const staff = await t.createUser({ staff: true });
    const ids = ['budget-a', 'budget-b'];
    const streams: { id: number }[] = [];
    for (const id of ids) streams.push((await streamOnBridge(t, id)).stream);
    // Per stream: 120 samples (values 0..119, two minute rows) in each of three old hours, and
    // 120 recent ones: 8 minute rows and 4 hour rows.
    const block = twoMinutes;
    const stored = await t.request({
      method: 'POST',
      url: '/api/v1/ingest',
      token: staff.token,
      body: ids.flatMap((id) => [
        ...[0, 1, 2].map((h) => block(id, OLD_MS + h * 3_600_000)),
        block(id, NEW_MS),
      ]),
    });
    expect(stored.body).toMatchObject({ accepted_samples: 960, rejected: [] });
    const rows = (seconds: number) =>
      count(sql`SELECT count(*) AS n FROM reading_rollups
                WHERE datastream_id IN (${streams[0]?.id}, ${streams[1]?.id})
                  AND bucket_seconds = ${seconds}`);
    expect([await rows(60), await rows(3600)]).toEqual([16, 8]);

    // A year to now at 10,000 points: 53-minute points, so the minute level is asked for.
    const yearChart = async (id: number | undefined) =>
      (
        await t.request<{ level: string; points: { count: number; min: number; max: number }[] }>({
          method: 'GET',
          url: `/api/v1/datastreams/${id}/readings?from=${new Date(NOW_MS - 365 * DAY_MS).toISOString()}&to=${new Date(NOW_MS).toISOString()}&max_points=10000`,
          token: staff.token,
        })
      ).body;
    expect((await yearChart(streams[0]?.id)).level).toBe('minute');

    // Only the passes this test runs: the schedule's own first pass (a second after start)
    // finds it is not leading.
    let leading = false;
    const job = startRollupRetention(db(), {
      minuteDays: 30,
      hourDays: undefined,
      leads: () => leading,
      log: () => undefined,
      now: () => NOW_MS,
      rowsPerPass: 60, // an hour of one stream's minute rows
    });
    const passes: number[] = [];
    for (let pass = 0; pass < 7; pass += 1) {
      leading = true;
      passes.push((await job.runOnce()).minuteRows);
      leading = false;
      // Whatever a pass left, every sample is counted once and the hour rows are all there.
      for (const stream of streams) {
        const chart = await yearChart(stream?.id);
        expect(chart.points.reduce((sum, p) => sum + p.count, 0)).toBe(480);
        expect(Math.min(...chart.points.map((p) => p.min))).toBe(0);
        expect(Math.max(...chart.points.map((p) => p.max))).toBe(119);
      }
      expect(await rows(3600)).toBe(8);
    }
    await job.stop();
    // One old hour a pass: stream a's three, then stream b's, then nothing left to do.
    expect(passes).toEqual([2, 2, 2, 2, 2, 2, 0]);
    expect(await rows(60)).toBe(4);
    for (const stream of streams) {
      expect(await yearChart(stream?.id)).toMatchObject({ level: 'hour' });
    }
  });
});
