/**
 * Issue 34, gateway blocks: a gateway sends a block of one or a few samples per message, each
 * stored as its own row. Once a window has closed, a background pass joins them (same times,
 * same values: exact bit for bit, a declared resolution as stored), and a gateway resending
 * samples already stored is answered "duplicate" before the join and after it, storing nothing.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import {
  JOIN_AFTER_MS,
  joinSmallBlocks,
  startBlockJoining,
} from '../../../server/readings/join-small-blocks.ts';
import { storedBlocks } from '../../helpers/stored-blocks.ts';
import { type Exec, transactionRunner } from '../../../server/db/sql-runner.ts';
import { judgeOldBlocks } from '../../../server/readings/stored-resends.ts';
import { checkItem } from '../../../server/ingest/block-validation.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { BASE_MS, streamOnBridge } from '../../helpers/readings-fixtures.ts';

const MINUTE = 60_000;
/** 10 Hz: 2-minute windows; a gateway message per second holds 10 samples. */
const FAST_HZ = 10;
/** 0.2 Hz: 10-minute windows; a message per sample. */
const SLOW_HZ = 0.2;
const iso = (ms: number) => new Date(ms).toISOString();

interface IngestAnswer {
  accepted_samples: number;
  duplicate_samples: number;
  rejected: { index: number; reason: string; detail: string }[];
}

describe.each(drivers)('joining gateway blocks on %s', (kind) => {
  const t = setupTestApp(kind);
  const db = () => t.services.database.db;

  async function gateway() {
    const { sensor } = await streamOnBridge(t);
    const exact = await t.services.datastreams.create({
      streamId: `gw-exact-${kind}`,
      dataType: 'acceleration',
      sensorIds: [sensor.id],
    });
    const gridded = await t.services.datastreams.create({
      streamId: `gw-grid-${kind}`,
      dataType: 'strain',
      sensorIds: [sensor.id],
      resolution: 0.01,
    });
    const staff = await t.createUser({ staff: true });
    return { exact, gridded, token: staff.token };
  }

  /** Four minutes of 1-second messages at 10 Hz, values no decimal grid holds. */
  const fastBlocks = (from = 0, to = 240) =>
    Array.from({ length: to - from }, (_, k) => from + k).map((s) => ({
      stream_id: `gw-exact-${kind}`,
      start: iso(BASE_MS + s * 1000),
      rate_hz: FAST_HZ,
      values: Array.from({ length: 10 }, (_, i) =>
        i === 3 ? 0.1 + 0.2 : i === 7 ? -1e-300 : Math.sin(s * 10 + i) / 3,
      ),
    }));
  /** Ten minutes of one-sample messages at 0.2 Hz, off the 0.01 grid. */
  const slowItems = (from = 0, to = 120) =>
    Array.from({ length: to - from }, (_, k) => from + k).map((i) => ({
      stream_id: `gw-grid-${kind}`,
      start: iso(BASE_MS + i * 5000),
      rate_hz: SLOW_HZ,
      values: [Math.cos(i / 5) * 123.456789],
    }));

  const send = async (token: string, items: unknown[]) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest',
      headers: { authorization: `Bearer ${token}` },
      payload: items,
    });
    expect(response.statusCode).toBe(200);
    return response.json<IngestAnswer>();
  };

  const rowsOfStream = async (id: number) => {
    const [row] = rowsOf<{ rows: string; n: string | null }>(
      await db().execute(sql`SELECT count(*)::text AS rows, sum(n)::text AS n FROM readings
                             WHERE datastream_id = ${id}`),
    );
    return { rows: Number(row?.rows), n: Number(row?.n ?? 0) };
  };

  /** Every stored sample as [stream, time ms, value], ordered by stream and time. */
  const samples = async () =>
    (await storedBlocks(db()))
      .flatMap((block) =>
        block.values.map((value, i) => [
          block.datastream_id,
          Math.round(block.ms + (i * 1000) / block.rate_hz),
          value,
        ]),
      )
      .sort((a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number));
  const sameSamples = (a: number[][], b: number[][]) =>
    a.length === b.length && a.every((s, i) => s.every((x, j) => Object.is(x, b[i]?.[j])));

  const kept = async () => ({
    rollups: rowsOf(
      await db().execute(sql`SELECT datastream_id, bucket_seconds, bucket::text, v_min, v_max,
                                    v_sum, n FROM reading_rollups ORDER BY 1, 2, 3`),
    ),
    counts: rowsOf(
      await db().execute(sql`SELECT id, sample_count::text, last_seen_at::text FROM datastreams
                             ORDER BY id`),
    ),
  });

  it('joins closed windows with the same samples, and a resend stores nothing before or after', async () => {
    const { exact, gridded, token } = await gateway();
    expect(await send(token, [...fastBlocks(), ...slowItems()])).toMatchObject({
      accepted_samples: 2400 + 120,
      rejected: [],
    });
    expect(await rowsOfStream(exact.id)).toEqual({ rows: 240, n: 2400 });
    expect(await rowsOfStream(gridded.id)).toEqual({ rows: 120, n: 120 });
    const before = await samples();
    const keptBefore = await kept();
    // Read back within half a step on the declared grid, exactly otherwise.
    const sent = slowItems().map((item) => item.values[0] as number);
    const grid = before.filter((s) => s[0] === gridded.id).map((s) => s[2] as number);
    expect(grid.every((v, i) => Math.abs(v - (sent[i] as number)) <= 0.005 + 1e-12)).toBe(true);

    // A resend before the join: the same key, a duplicate.
    const early = await send(token, [...fastBlocks(5, 6), ...slowItems(7, 8)]);
    expect(early).toMatchObject({ accepted_samples: 11, duplicate_samples: 11, rejected: [] });

    const pass = await joinSmallBlocks(db(), { fromMs: BASE_MS, toMs: BASE_MS + 60 * MINUTE });
    expect(pass).toMatchObject({ windows: 3, rowsBefore: 360, rowsAfter: 3 });
    expect(await rowsOfStream(exact.id)).toEqual({ rows: 2, n: 2400 });
    expect(await rowsOfStream(gridded.id)).toEqual({ rows: 1, n: 120 });
    expect(sameSamples(await samples(), before)).toBe(true);
    expect(await kept()).toEqual(keptBefore);

    // Every message resent after the join: accepted as duplicates, nothing stored or counted.
    const resent = await send(token, [...fastBlocks(), ...slowItems()]);
    expect(resent).toMatchObject({ accepted_samples: 2520, duplicate_samples: 2520, rejected: [] });
    expect(await rowsOfStream(exact.id)).toEqual({ rows: 2, n: 2400 });
    expect(await kept()).toEqual(keptBefore);

    // A resend that differs is a conflict, as it is before a join; one running past the
    // stored samples too (the same rule as a block whose start is taken with another count).
    const changed = fastBlocks(130, 131);
    changed[0]?.values.splice(4, 1, 42);
    const longer = slowItems(119, 120).map((item) => ({ ...item, values: [...item.values, 1] }));
    const refused = await send(token, [...changed, ...longer]);
    expect(refused.accepted_samples).toBe(0);
    expect(refused.rejected.map((r) => [r.index, r.reason])).toEqual([
      [0, 'conflict'],
      [1, 'conflict'],
    ]);
    // Each names its own first sample that cannot be stored, not a block's start: the fifth
    // sample of the 130th second, and the second sample of the last message (past the row).
    expect(refused.rejected.map((r) => r.detail)).toEqual([
      `the sample of 'gw-exact-${kind}' at ${iso(BASE_MS + 130_400)} differs from the one stored`,
      `the sample of 'gw-grid-${kind}' at ${iso(BASE_MS + 120 * 5000)} is past a stored block`,
    ]);
    expect(sameSamples(await samples(), before)).toBe(true);

    // New samples of a closed window are stored beside the joined row; a pass is idempotent.
    expect(await send(token, fastBlocks(240, 241))).toMatchObject({ accepted_samples: 10 });
    const again = await joinSmallBlocks(db(), { fromMs: BASE_MS, toMs: BASE_MS + 60 * MINUTE });
    expect(again.windows).toBe(0);
  });

  it('stores nothing twice when a resend races a pass, and bounds each pass', async () => {
    const { exact, token } = await gateway();
    await send(token, fastBlocks());
    const bounded = await joinSmallBlocks(db(), {
      fromMs: BASE_MS,
      toMs: BASE_MS + 60 * MINUTE,
      maxWindows: 1,
    });
    expect(bounded).toMatchObject({ windows: 1, doneUntilMs: BASE_MS + 2 * MINUTE });
    const [pass, answer] = await Promise.all([
      joinSmallBlocks(db(), { fromMs: bounded.doneUntilMs, toMs: BASE_MS + 60 * MINUTE }),
      send(token, fastBlocks()),
    ]);
    expect(pass.windows).toBe(1);
    expect(answer).toMatchObject({ accepted_samples: 2400, duplicate_samples: 2400, rejected: [] });
    expect(await rowsOfStream(exact.id)).toEqual({ rows: 2, n: 2400 });
  });

  it('looks in readings only for streams joined before, and a join racing a first resend', async () => {
    const { exact, gridded, token } = await gateway();
    await send(token, [...fastBlocks(), ...slowItems()]);
    const hint = async () =>
      rowsOf<{ id: number; joined_from: string | null }>(
        await db().execute(sql`SELECT id, joined_from::text FROM datastreams
                               WHERE id IN (${exact.id}, ${gridded.id}) ORDER BY id`),
      ).map((r) => [r.id, r.joined_from === null ? null : Date.parse(r.joined_from)]);
    expect(await hint()).toEqual([
      [exact.id, null],
      [gridded.id, null],
    ]);
    // The exact stream's first resend races its first join: stored nothing twice either way.
    const [pass, answer] = await Promise.all([
      joinSmallBlocks(db(), { fromMs: BASE_MS, toMs: BASE_MS + 4 * MINUTE }),
      send(token, fastBlocks()),
    ]);
    expect(pass.windows).toBe(2);
    expect(answer).toMatchObject({ accepted_samples: 2400, duplicate_samples: 2400, rejected: [] });
    expect(await rowsOfStream(exact.id)).toEqual({ rows: 2, n: 2400 });
    expect(await hint()).toEqual([
      [exact.id, BASE_MS],
      [gridded.id, null],
    ]);

    // What the ingest's transaction sends for old blocks of each stream, and what it judges.
    const judge = async (items: { stream_id: string }[], datastreamId: number) => {
      const statements: string[] = [];
      const blocks = items.map((item) => {
        const checked = checkItem(item, { nowMs: Date.now(), earliestMs: 0 });
        if (!checked.ok) throw new Error(checked.rejection.detail);
        return { datastreamId, block: checked.block, resolution: null };
      });
      const judged = await transactionRunner(t.services.database)((exec) => {
        const recording: Exec = {
          ...exec,
          query: <T>(text: string, params?: unknown[]) => {
            statements.push(text);
            return exec.query<T>(text, params);
          },
          script: <T>(text: string) => {
            statements.push(text);
            return exec.script<T>(text);
          },
        };
        return judgeOldBlocks(recording, blocks, 'SAVEPOINT fast_copy');
      });
      const readReadings = statements.filter((text) => /\breadings\b/.test(text)).length;
      return { readReadings, statements: statements.length, judged: [...judged.judged.values()] };
    };
    // Never joined: one round trip (locks, savepoint, hint), no statement reads readings.
    expect(await judge(slowItems(3, 9), gridded.id)).toEqual({
      readReadings: 0,
      statements: 1,
      judged: [],
    });
    // Joined: the joined rows' keys and values are read, and the resends are duplicates.
    expect(await judge(fastBlocks(3, 9), exact.id)).toEqual({
      readReadings: 2,
      statements: 3,
      judged: Array(6).fill('duplicate'),
    });
  });

  it('joins in the background only windows closed a while ago', async () => {
    const { exact, token } = await gateway();
    await send(token, fastBlocks());
    // "Now" is when the second window (12:02-12:04) has closed, but only just.
    const now = BASE_MS + 4 * MINUTE + JOIN_AFTER_MS - 1;
    const job = startBlockJoining(db(), { now: () => now, log: () => undefined });
    try {
      expect(await job.runOnce()).toMatchObject({ windows: 1, rowsBefore: 120, rowsAfter: 1 });
    } finally {
      await job.stop();
    }
    expect(await rowsOfStream(exact.id)).toEqual({ rows: 1 + 120, n: 2400 });
  });
});
