/**
 * Issue 34, decision 052: the batch migration packs the array blocks of a stream whose
 * resolution was set after they were stored, resumes after an interruption, reads every value
 * back within half a step (exactly where it was on the grid), keeps each block's n/min/max/sum,
 * leaves a block it cannot pack as it was, and shrinks the stored values.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { BATCH_BLOCKS, packStoredArrays } from '../../../server/readings/pack-stored-arrays.ts';
import { startArrayPacking } from '../../../server/readings/pack-stored-arrays-schedule.ts';
import { storedBlocks } from '../../helpers/stored-blocks.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { BASE_MS, streamOnBridge } from '../../helpers/readings-fixtures.ts';

const STEP = 0.001;
const BLOCKS = 250;
const SAMPLES = 100;

/** Block b's values: a noisy sine with 6 decimals, or on the 0.001 grid for every fifth block. */
const valuesOf = (b: number) =>
  Array.from({ length: SAMPLES }, (_, i) => {
    const x = Math.sin((b * SAMPLES + i) / 7) * 3 + ((i * 7919) % 13) / 1000;
    return Number(x.toFixed(b % 5 === 0 ? 3 : 6));
  });

describe.each(drivers)('packing stored arrays on %s', (kind) => {
  const t = setupTestApp(kind);
  const db = () => t.services.database.db;

  interface Stats {
    start_ms: number;
    n: number;
    v_min: number;
    v_max: number;
    v_sum: number;
    array: boolean;
  }
  const stats = async () =>
    rowsOf<Stats>(
      await db().execute(sql`
        SELECT date_part('epoch', start) * 1000 AS start_ms, n, v_min, v_max, v_sum,
               values IS NOT NULL AS array
        FROM readings ORDER BY start`),
    ).map((row) => ({ ...row, start_ms: Number(row.start_ms), n: Number(row.n) }));
  const valueBytes = async () =>
    Number(
      rowsOf<{ bytes: number | string }>(
        await db().execute(sql`
          SELECT sum(coalesce(pg_column_size(values), 0) + coalesce(pg_column_size(packed), 0))
                 AS bytes FROM readings`),
      )[0]?.bytes,
    );

  /** The readings partitions' table, TOAST and indexes, rewritten compactly first. */
  const tableBytes = async () => {
    await db().execute(sql.raw('VACUUM FULL readings'));
    return Number(
      rowsOf<{ bytes: number | string }>(
        await db().execute(sql`
          SELECT sum(pg_total_relation_size(i.inhrelid)) AS bytes
          FROM pg_inherits i WHERE i.inhparent = 'readings'::regclass`),
      )[0]?.bytes,
    );
  };

  it('packs arrays of a stream given a resolution, resumably, every value kept', async () => {
    const staff = await t.createUser({ staff: true });
    const { stream } = await streamOnBridge(t, 'late-step');
    const sent = Array.from({ length: BLOCKS }, (_, b) => ({
      stream_id: 'late-step',
      start: new Date(BASE_MS + b * 1000).toISOString(),
      rate_hz: SAMPLES,
      values: valuesOf(b),
    }));
    const stored = await t.request({
      method: 'POST',
      url: '/api/v1/ingest',
      token: staff.token,
      body: sent,
    });
    expect(stored.body).toMatchObject({ accepted_samples: BLOCKS * SAMPLES, rejected: [] });
    // A block the codec cannot take: an element that is no number, after all the others.
    const damagedMs = BASE_MS + BLOCKS * 1000;
    await db().execute(sql`
      INSERT INTO readings (datastream_id, start, rate_hz, values, n, v_min, v_max, v_sum)
      VALUES (${stream.id}, ${new Date(damagedMs).toISOString()}::timestamptz, 3,
              '{1,NULL,3}'::float8[], 3, 1, 3, 4)`);
    const changed = await t.request({
      method: 'PATCH',
      url: `/api/v1/datastreams/${stream.id}`,
      token: staff.token,
      body: { resolution: STEP },
    });
    expect(changed.status).toBe(200);
    const before = await stats();
    expect(before.every((row) => row.array)).toBe(true);
    const bytesBefore = await valueBytes();
    const tableBefore = await tableBytes();

    // Interrupted after its first batch, as a stopped server would be.
    let batches = 0;
    const first = await packStoredArrays(db(), {
      onBatch: () => {
        batches += 1;
      },
      stopped: () => batches >= 1,
    });
    expect(first).toEqual({
      blocks: BATCH_BLOCKS,
      samples: BATCH_BLOCKS * SAMPLES,
      unpackable: 0,
      finished: false,
    });
    const halfway = await stats();
    expect(halfway.filter((row) => !row.array)).toHaveLength(BATCH_BLOCKS);

    // A fresh run (a restart) finds what is left from the data alone.
    const rest = await packStoredArrays(db());
    expect(rest).toEqual({
      blocks: BLOCKS - BATCH_BLOCKS,
      samples: (BLOCKS - BATCH_BLOCKS) * SAMPLES,
      unpackable: 1,
      finished: true,
    });
    const after = await stats();
    const kept = (rows: Stats[]) => rows.map(({ array: _form, ...row }) => row);
    expect(kept(after)).toEqual(kept(before));
    expect(after.filter((row) => row.array).map((row) => row.start_ms)).toEqual([damagedMs]);
    const damaged = rowsOf<{ values: string }>(
      await db().execute(sql`SELECT values::text AS values FROM readings
                             WHERE start = ${new Date(damagedMs).toISOString()}::timestamptz`),
    );
    expect(damaged).toEqual([{ values: '{1,NULL,3}' }]);

    const read = await storedBlocks(db(), 'start < $1::timestamptz', [
      new Date(damagedMs).toISOString(),
    ]);
    expect(read).toHaveLength(BLOCKS);
    read.forEach((block, b) => {
      const expected = valuesOf(b);
      if (b % 5 === 0) expect(block.values).toEqual(expected);
      block.values.forEach((value, i) => {
        expect(Math.abs(value - (expected[i] ?? Number.NaN))).toBeLessThanOrEqual(STEP / 2 + 1e-12);
      });
    });
    expect(await valueBytes()).toBeLessThan(bytesBefore / 2);
    expect(await tableBytes()).toBeLessThan(tableBefore);

    // Nothing left: a further run changes nothing.
    expect(await packStoredArrays(db())).toEqual({
      blocks: 0,
      samples: 0,
      unpackable: 1,
      finished: true,
    });
  });

  it('is run by the process leading the schedules, which logs what it packed', async () => {
    const staff = await t.createUser({ staff: true });
    const { stream } = await streamOnBridge(t, 'scheduled');
    const sent = [0, 1, 2].map((b) => ({
      stream_id: 'scheduled',
      start: new Date(BASE_MS + b * 1000).toISOString(),
      rate_hz: SAMPLES,
      values: valuesOf(b),
    }));
    await t.request({ method: 'POST', url: '/api/v1/ingest', token: staff.token, body: sent });
    await t.request({
      method: 'PATCH',
      url: `/api/v1/datastreams/${stream.id}`,
      token: staff.token,
      body: { resolution: STEP },
    });
    const logs: string[] = [];
    const follower = startArrayPacking(db(), { leads: () => false, log: (m) => logs.push(m) });
    expect(await follower.runOnce()).toEqual({ blocks: 0, samples: 0, unpackable: 0 });
    await follower.stop();
    expect((await stats()).every((row) => row.array)).toBe(true);

    const leader = startArrayPacking(db(), { leads: () => true, log: (m) => logs.push(m) });
    expect(await leader.runOnce()).toMatchObject({ blocks: 3, samples: 3 * SAMPLES });
    await leader.stop();
    expect((await stats()).some((row) => row.array)).toBe(false);
    expect(logs).toEqual([
      `Packing stored arrays: 3 blocks (${3 * SAMPLES} samples) packed, 0 left as arrays`,
    ]);
  });
});
