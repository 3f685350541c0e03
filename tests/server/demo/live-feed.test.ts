import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { writeDemoHistory } from '../../../server/demo/history-writer.ts';
import { startDemoLiveFeed } from '../../../server/demo/live-feed.ts';
import { seedDemo } from '../../../server/seed/demo-seed.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { LIGHT_RATES } from './light-rates.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Stream {
  count: number;
  lastSeen: number | null;
  created: number;
}

describe.each(drivers)('the demo live feed on %s', (kind) => {
  const t = setupTestApp(kind);

  async function streams(): Promise<Map<string, Stream>> {
    const result = await t.services.database.db.execute(sql`
      SELECT stream_id, sample_count::float8 AS count,
        extract(epoch FROM last_seen_at)::float8 * 1000 AS last_seen,
        extract(epoch FROM created_at)::float8 * 1000 AS created
      FROM datastreams`);
    const rows = (
      result as unknown as {
        rows: { stream_id: string; count: number; last_seen: number | null; created: number }[];
      }
    ).rows;
    return new Map(
      rows.map((r) => [r.stream_id, { count: r.count, lastSeen: r.last_seen, created: r.created }]),
    );
  }

  async function earliestSince(streamId: string, since: number): Promise<number> {
    const result = await t.services.database.db.execute(sql`
      SELECT extract(epoch FROM min(r.start))::float8 * 1000 AS first
      FROM readings r JOIN datastreams d ON d.id = r.datastream_id
      WHERE d.stream_id = ${streamId} AND r.start > ${new Date(since).toISOString()}::timestamptz`);
    return (result as unknown as { rows: { first: number }[] }).rows[0]?.first ?? NaN;
  }

  it('appends every demo stream’s new samples through the ingest, and the silent one stays silent', async () => {
    await seedDemo(t.services.database.db, t.services.secretBox, t.services.passwords);
    const seededAt = (await streams()).get('confederation-s1-acc')?.created ?? 0;
    let now = seededAt;
    const feed = await startDemoLiveFeed(t.services, {
      historyDays: 0,
      autoStart: false,
      now: () => now,
    });
    if (!feed) throw new Error('no demo bridge found');
    now += 25 * MINUTE;
    expect(await feed.tick()).toBeGreaterThan(0);
    const after = await streams();
    // Two complete 20 Hz bursts of a minute, at least, on each accelerometer.
    expect(after.get('confederation-s1-acc')?.count).toBeGreaterThanOrEqual(2 * 1200);
    expect(after.get('jacques-cartier-s3-acc')?.lastSeen).toBeGreaterThan(now - 20 * MINUTE);
    expect(after.get('confederation-s2-str')?.lastSeen).toBeGreaterThan(now - 15_000);
    expect(after.get('lions-gate-temp')?.lastSeen).toBeGreaterThan(now - 2 * MINUTE);
    expect(after.get('lions-gate-s3-str')?.count).toBe(0);
    expect(after.get('b4-west-accelerometer-1')?.count ?? 0).toBe(0);

    now += 30_000;
    await feed.tick();
    expect((await streams()).get('confederation-s2-str')?.count).toBeGreaterThan(
      after.get('confederation-s2-str')?.count ?? 0,
    );
    await feed.stop();
  });

  it('after a restart fills the gap since the newest stored sample, at most 6 hours of it', async () => {
    const { database, secretBox } = t.services;
    await seedDemo(database.db, secretBox);
    await writeDemoHistory(database, { days: 1, rates: LIGHT_RATES });
    const before = await streams();
    const lastStrain = before.get('confederation-s1-str')?.lastSeen ?? 0;

    let now = lastStrain + 30 * MINUTE;
    const soon = await startDemoLiveFeed(t.services, {
      historyDays: 1,
      rates: LIGHT_RATES,
      autoStart: false,
      now: () => now,
    });
    await soon?.tick();
    await soon?.stop();
    // The next sample on the stream's 10-minute grid, right after the stored ones.
    expect(await earliestSince('confederation-s1-str', lastStrain)).toBe(lastStrain + 10 * MINUTE);

    const resumed = (await streams()).get('confederation-s1-str')?.lastSeen ?? 0;
    now = resumed + 2 * 24 * HOUR;
    const later = await startDemoLiveFeed(t.services, {
      historyDays: 1,
      rates: LIGHT_RATES,
      autoStart: false,
      now: () => now,
    });
    await later?.tick();
    await later?.stop();
    const firstFilled = await earliestSince('confederation-s1-str', resumed);
    expect(firstFilled).toBeGreaterThanOrEqual(now - 6 * HOUR);
    expect(firstFilled).toBeLessThan(now - 5.5 * HOUR);
    const silent = (await streams()).get('lions-gate-s3-str');
    expect(silent?.count).toBe(before.get('lions-gate-s3-str')?.count);
  });

  it('joins its one-sample strain blocks once their 10-minute window has closed', async () => {
    await seedDemo(t.services.database.db, t.services.secretBox, t.services.passwords);
    const seededAt = (await streams()).get('confederation-s2-str')?.created ?? 0;
    let now = seededAt;
    const rates = { ...LIGHT_RATES, strainHz: 0.1 };
    const feed = await startDemoLiveFeed(t.services, {
      historyDays: 0,
      rates,
      autoStart: false,
      now: () => now,
    });
    const window = 10 * MINUTE;
    const closedFrom = Math.ceil(seededAt / window) * window;
    // A tick a minute (six strain samples a block; the server's 5-s ticks: one) through two whole
    // windows and three minutes into the next, so the open window holds three blocks whatever
    // minute of the clock the seed fell on (ending at seed + 25 min left it 0-1 on some minutes).
    while (now < closedFrom + 2 * window + 3 * MINUTE) {
      now += MINUTE;
      await feed?.tick();
    }
    await feed?.stop();
    const result = await t.services.database.db.execute(sql`
      SELECT extract(epoch FROM r.start)::float8 * 1000 AS ms, r.n, r.rate_hz
      FROM readings r JOIN datastreams d ON d.id = r.datastream_id
      WHERE d.stream_id = 'confederation-s2-str' ORDER BY r.start`);
    const rows = (result as unknown as { rows: { ms: number; n: number; rate_hz: number }[] }).rows;
    const closedTo = Math.floor(now / window) * window;
    const inClosed = rows.filter((r) => r.ms >= closedFrom && r.ms < closedTo);
    // Each window that closed after the feed's start is one row of 60 samples.
    expect(inClosed.map((r) => Number(r.n))).toEqual(
      Array.from({ length: (closedTo - closedFrom) / window }, () => 60),
    );
    expect(rows.filter((r) => r.ms >= closedTo).length).toBeGreaterThan(1);
    // Every sample once, 10 s apart, and the stream's count is the rows' samples.
    const times = rows.flatMap((r) =>
      Array.from({ length: Number(r.n) }, (_, i) => Number(r.ms) + (i * 1000) / Number(r.rate_hz)),
    );
    expect(times.slice(1).every((ms, i) => ms - (times[i] ?? 0) === 10_000)).toBe(true);
    expect((await streams()).get('confederation-s2-str')?.count).toBe(times.length);
  }, 60_000);

  it('keeps sending on its own timer until stopped', async () => {
    await seedDemo(t.services.database.db, t.services.secretBox, t.services.passwords);
    let now = (await streams()).get('confederation-temp')?.created ?? 0;
    const feed = await startDemoLiveFeed(t.services, {
      historyDays: 0,
      rates: LIGHT_RATES,
      intervalMs: 10,
      // Each look at the clock is ten minutes later, so every tick has samples to send.
      now: () => (now += 10 * MINUTE),
    });
    const count = async () => (await streams()).get('confederation-temp')?.count ?? 0;
    await expect.poll(count, { timeout: 10_000 }).toBeGreaterThan(2);
    await feed?.stop();
    const stopped = await count();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await count()).toBe(stopped);
  });

  it('does nothing on a database without the demo bridges', async () => {
    expect(await startDemoLiveFeed(t.services, { historyDays: 30 })).toBeNull();
  });
});
