import { storedBlocks } from '../../helpers/stored-blocks.ts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  DEMO_FLEET,
  DEMO_LIGHT_BRIDGES,
  LIGHT_HISTORY_DAYS,
} from '../../../server/demo/demo-fleet.ts';
import { writeDemoHistory } from '../../../server/demo/history-writer.ts';
import { seedDemo } from '../../../server/seed/demo-seed.ts';
import { sharedFixture } from '../../helpers/data-snapshot.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { LIGHT_RATES } from './light-rates.ts';

const DAY = 86_400_000;

interface StreamRow {
  stream_id: string;
  sample_count: number;
  last_seen: number;
  first_start: number;
  days: number;
  stored: number;
  rolled_up: number;
  created: number;
}

// Thirty days of the whole fleet: 16 s alone, 37 s once in CI beside the browser tests.
describe.each(drivers)('the demo history on %s', { timeout: 120_000 }, (kind) => {
  const t = setupTestApp(kind);

  // Both tests read the same seeded fleet with 30 days of history: written once (most of the
  // file's time), put back from a copy for the second test instead of writing the fleet again.
  const history = sharedFixture(
    () => t.services.database,
    'demo_history',
    async () => {
      const { database, secretBox } = t.services;
      await seedDemo(database.db, secretBox);
      return writeDemoHistory(database, { days: 30, rates: LIGHT_RATES });
    },
  );

  async function streamRows(): Promise<Map<string, StreamRow>> {
    const result = await t.services.database.db.execute(sql`
      SELECT d.stream_id, d.sample_count::float8 AS sample_count,
        extract(epoch FROM d.last_seen_at)::float8 * 1000 AS last_seen,
        extract(epoch FROM d.created_at)::float8 * 1000 AS created,
        (SELECT extract(epoch FROM min(r.start))::float8 * 1000 FROM readings r
          WHERE r.datastream_id = d.id) AS first_start,
        (SELECT count(DISTINCT date_trunc('day', r.start))::float8 FROM readings r
          WHERE r.datastream_id = d.id) AS days,
        (SELECT coalesce(sum(r.n), 0)::float8 FROM readings r WHERE r.datastream_id = d.id) AS stored,
        (SELECT coalesce(sum(u.n), 0)::float8 FROM reading_rollups u
          WHERE u.datastream_id = d.id AND u.bucket_seconds = 3600) AS rolled_up
      FROM datastreams d WHERE d.sample_count > 0`);
    const rows = (result as unknown as { rows: StreamRow[] }).rows;
    return new Map(rows.map((r) => [r.stream_id, r]));
  }

  async function values(streamId: string, from: number, to: number): Promise<number[]> {
    const blocks = await storedBlocks(
      t.services.database.db,
      `datastream_id = (SELECT id FROM datastreams WHERE stream_id = $1)
       AND start >= $2::timestamptz AND start < $3::timestamptz`,
      [streamId, new Date(from).toISOString(), new Date(to).toISOString()],
    );
    return blocks.flatMap((block) => block.values);
  }

  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

  it('stores 30 days of every detailed stream and 10 of the light ones, with counts, last-seen times and roll-ups that agree', async () => {
    const result = await history();
    expect(result.bridges).toEqual(DEMO_FLEET.map((b) => b.name));
    expect(result.bridges).toHaveLength(11);

    const rows = await streamRows();
    // Per span of the detailed three, one on the main span of the light eight.
    expect([...rows.keys()].filter((id) => id.endsWith('-acc'))).toHaveLength(9 + 8);
    expect([...rows.keys()].filter((id) => id.endsWith('-str'))).toHaveLength(9 + 8);
    expect([...rows.keys()].filter((id) => id.endsWith('-temp'))).toHaveLength(11);
    const end = Math.floor((rows.get('confederation-temp')?.created ?? 0) / 600_000) * 600_000;
    const isLight = (streamId: string) =>
      DEMO_LIGHT_BRIDGES.some((b) => streamId.startsWith(`${b.key}-`));
    for (const row of rows.values()) {
      const days = isLight(row.stream_id) ? LIGHT_HISTORY_DAYS : 30;
      expect(row.first_start).toBeLessThan(end - (days - 0.2) * DAY);
      expect(row.first_start).toBeGreaterThanOrEqual(end - days * DAY);
      expect(row.stored).toBe(row.sample_count);
      expect(row.rolled_up).toBe(row.sample_count);
      if (row.stream_id === 'lions-gate-s3-str') {
        // Went silent two days before the end: 'Sensor offline'.
        expect(end - row.last_seen).toBeGreaterThan(2 * DAY - 600_000 - 1);
        expect(end - row.last_seen).toBeLessThanOrEqual(2 * DAY + 600_000);
      } else {
        // A light bridge's strain and temperature come hourly at these rates.
        expect(end - row.last_seen).toBeLessThan(3 * 3600_000);
        expect(row.days).toBeGreaterThanOrEqual(days);
      }
    }
    expect(result.samples).toBe([...rows.values()].reduce((s, r) => s + r.sample_count, 0));

    const frozen = await values('jacques-cartier-temp', end - 30 * DAY, end - 9 * DAY);
    expect(Math.min(...frozen)).toBeLessThan(-5);
    const lastWeek = await values('jacques-cartier-temp', end - 7 * DAY, end);
    expect(Math.min(...lastWeek)).toBeGreaterThan(Math.min(...frozen));
  });

  it('keeps the faulty strain gauge marked faulty in the fleet while its values drift away', async () => {
    await history();
    const staff = await t.createUser({ staff: true });
    const sensors = await t.request<{ sensor_id: string; status: string }[]>({
      method: 'GET',
      url: '/api/v1/sensors',
      token: staff.token,
    });
    const status = (id: string) => sensors.body.find((s) => s.sensor_id === id)?.status;
    expect(status('lions-gate-s2-str')).toBe('faulty');
    expect(status('lions-gate-s1-str')).toBe('active');

    const rows = await streamRows();
    const end = Math.floor((rows.get('lions-gate-temp')?.created ?? 0) / 600_000) * 600_000;
    const drift = (id: string) =>
      Promise.all([values(id, end - 9 * DAY, end - 6 * DAY), values(id, end - DAY, end)]).then(
        ([before, after]) => mean(after) - mean(before),
      );
    // 2.5 µε an hour for 4.5 days on top of the weather: far beyond its healthy neighbour.
    expect(await drift('lions-gate-s2-str')).toBeGreaterThan(
      200 + (await drift('lions-gate-s1-str')),
    );
  });
});
