/**
 * Decision 075, amended 2026-12-02 (c): a closed window's small blocks are joined into one row,
 * every sample (time and value) bit for bit as before, roll-ups and counts untouched; a gap
 * keeps runs apart; a second pass changes nothing; an ingest racing a pass is stored.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { compactBlocks, type CompactStream } from '../../../server/readings/compact-blocks.ts';
import { storedBlocks } from '../../helpers/stored-blocks.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { BASE_MS, streamOnBridge } from '../../helpers/readings-fixtures.ts';

const MINUTE = 60_000;
/** BASE_MS is 12:00 UTC: 10-minute windows (0.1 Hz) and minute windows (20 Hz) start there. */
const SLOW_HZ = 0.1;
const FAST_HZ = 20;

describe.each(drivers)('joining small blocks on %s', (kind) => {
  const t = setupTestApp(kind);
  const db = () => t.services.database.db;

  async function streams(): Promise<{ slow: CompactStream; fast: CompactStream }> {
    const { sensor } = await streamOnBridge(t);
    const slow = await t.services.datastreams.create({
      streamId: `slow-${kind}`,
      dataType: 'strain',
      sensorIds: [sensor.id],
      resolution: 0.01,
    });
    const fast = await t.services.datastreams.create({
      streamId: `fast-${kind}`,
      dataType: 'acceleration',
      sensorIds: [sensor.id],
    });
    return { slow: { id: slow.id, resolution: 0.01 }, fast: { id: fast.id, resolution: null } };
  }

  /** One-sample blocks every 10 s (as the demo feed's strain), skipping the given indexes. */
  const slowItems = (from: number, to: number, skip: number[] = []) =>
    Array.from({ length: to - from }, (_, k) => from + k)
      .filter((i) => !skip.includes(i))
      .map((i) => ({
        stream_id: `slow-${kind}`,
        start: new Date(BASE_MS + i * 10_000).toISOString(),
        rate_hz: SLOW_HZ,
        values: [Math.sin(i / 3) * 250.123456 + i / 7],
      }));
  /** 10-s blocks of 200 samples at 20 Hz (the bursts), with -0, subnormals and huge values. */
  const fastItems = (blocks: number) =>
    Array.from({ length: blocks }, (_, b) => ({
      stream_id: `fast-${kind}`,
      start: new Date(BASE_MS + b * 10_000).toISOString(),
      rate_hz: FAST_HZ,
      values: Array.from({ length: 200 }, (_, i) =>
        i === 0 ? -0 : i === 1 ? 5e-324 : i === 2 ? -1e99 : Math.cos(b * 200 + i) / 3,
      ),
    }));

  const ingest = async (items: unknown[]) => {
    const result = await t.services.ingest.ingest(
      items,
      { anyBridge: true },
      { now: BASE_MS + 3_600_000 },
    );
    expect(result.rejected).toEqual([]);
    return result.accepted_samples;
  };

  /** Every stored sample as [stream, time ms, value], in order. */
  async function samples(): Promise<[number, number, number][]> {
    return (await storedBlocks(db())).flatMap((block) =>
      block.values.map(
        (value, i) =>
          [block.datastream_id, block.ms + (i * 1000) / block.rate_hz, value] as [
            number,
            number,
            number,
          ],
      ),
    );
  }
  const sorted = (list: [number, number, number][]) =>
    [...list].sort((a, b) => a[0] - b[0] || a[1] - b[1]);

  const rowsPerStream = async () =>
    rowsOf<{ datastream_id: number; rows: number | string; n: number | string }>(
      await db().execute(sql`SELECT datastream_id, count(*) AS rows, sum(n) AS n FROM readings
                             GROUP BY datastream_id ORDER BY datastream_id`),
    ).map((r) => ({ id: Number(r.datastream_id), rows: Number(r.rows), n: Number(r.n) }));
  const kept = async () => ({
    rollups: rowsOf(
      await db().execute(sql`SELECT datastream_id, bucket_seconds, bucket::text, v_min, v_max, n
                             FROM reading_rollups ORDER BY 1, 2, 3`),
    ),
    counts: rowsOf(
      await db().execute(sql`SELECT id, sample_count::text, last_seen_at::text FROM datastreams
                             ORDER BY id`),
    ),
    stats: rowsOf(
      await db()
        .execute(sql`SELECT datastream_id, min(v_min) AS lo, max(v_max) AS hi, sum(n)::text AS n
                             FROM readings GROUP BY 1 ORDER BY 1`),
    ),
  });

  it('joins each closed window bit for bit, keeps a gap apart, and a second pass does nothing', async () => {
    const { slow, fast } = await streams();
    // 130 strain samples (12:00 to 12:21:30) without the one at 12:11:40; 12 bursts' blocks.
    await ingest([...slowItems(0, 130, [70]), ...fastItems(12)]);
    const before = await samples();
    const keptBefore = await kept();
    expect(await rowsPerStream()).toEqual([
      { id: slow.id, rows: 129, n: 129 },
      { id: fast.id, rows: 12, n: 2400 },
    ]);

    // Windows closed by 12:20: the strain's first two, both minute windows of the bursts.
    const until = BASE_MS + 20 * MINUTE;
    const pass = await compactBlocks(db(), [slow, fast], BASE_MS - 60 * MINUTE, until);
    expect(pass).toMatchObject({ windows: 4, rowsBefore: 60 + 59 + 12, rowsAfter: 1 + 2 + 2 });
    // The open window (12:20 onwards: 10 rows) is left; the gap leaves two runs in the second.
    expect(await rowsPerStream()).toEqual([
      { id: slow.id, rows: 1 + 2 + 10, n: 129 },
      { id: fast.id, rows: 2, n: 2400 },
    ]);
    const after = await samples();
    expect(after).toHaveLength(before.length);
    expect(
      sorted(after).every((s, i) => s.every((x, j) => Object.is(x, sorted(before)[i]?.[j]))),
    ).toBe(true);
    expect(await kept()).toEqual(keptBefore);

    // Idempotent: nothing left to join in those windows.
    const again = await compactBlocks(db(), [slow, fast], BASE_MS - 60 * MINUTE, until);
    expect(again).toMatchObject({ windows: 0, rowsBefore: 2, rowsAfter: 2 });
    // Once the third window has closed, it is joined too; a bounded pass stops and says where.
    const bounded = await compactBlocks(db(), [slow], BASE_MS, BASE_MS + 40 * MINUTE, 0);
    expect(bounded.doneUntilMs).toBe(BASE_MS + 10 * MINUTE);
    await compactBlocks(db(), [slow], bounded.doneUntilMs, BASE_MS + 40 * MINUTE);
    expect((await rowsPerStream())[0]).toEqual({ id: slow.id, rows: 4, n: 129 });
    expect(sorted(await samples()).map((s) => s[2])).toEqual(sorted(before).map((s) => s[2]));
  });

  it('stores and counts an ingest that races a pass', async () => {
    const { slow } = await streams();
    await ingest(slowItems(0, 60, [59]));
    // The first window's last sample arrives late, with the next window's, during a pass: it is
    // joined with the others or stored beside them, never lost.
    const late = slowItems(59, 90);
    const [pass, accepted] = await Promise.all([
      compactBlocks(db(), [slow], BASE_MS, BASE_MS + 10 * MINUTE),
      ingest(late),
    ]);
    expect(pass.windows).toBe(1);
    expect(accepted).toBe(31);
    const [raced] = await rowsPerStream();
    expect(raced?.n).toBe(90);
    expect([1 + 30, 2 + 30]).toContain(raced?.rows);
    await compactBlocks(db(), [slow], BASE_MS, BASE_MS + 10 * MINUTE);
    expect(await rowsPerStream()).toEqual([{ id: slow.id, rows: 1 + 30, n: 90 }]);
    const [count] = rowsOf<{ sample_count: number | string }>(
      await db().execute(sql`SELECT sample_count FROM datastreams WHERE id = ${slow.id}`),
    );
    expect(Number(count?.sample_count)).toBe(90);
    const values = (await samples()).map((s) => s[1]);
    expect(values).toEqual(Array.from({ length: 90 }, (_, i) => BASE_MS + i * 10_000));
  });
});
