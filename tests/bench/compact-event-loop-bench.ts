/**
 * `npm run bench:compact-loop` (issue 34, decision 075 amended 2026-12-02 (d)): how long the
 * live feed's join pass (server/readings/compact-blocks.ts) holds the server's event loop. The
 * demo's seed, then its live feed at 5-s ticks of a simulated clock for `BENCH_MINUTES` (30)
 * without joining; then the passes the feed would run (one a simulated minute, each over the
 * windows closed since the one before) and, on another `BENCH_MINUTES` of rows, one pass over
 * all of them as after a restart (at most 200 windows). Per pass: the event loop's busy time
 * (`performance.eventLoopUtilization`), the process's CPU time, the longest delay a 1-ms timer
 * saw (`monitorEventLoopDelay`: the longest synchronous slice to a millisecond, stretched by any
 * time the thread was not scheduled, so beside it the same timer over an idle wait as long as
 * the pass), the wall time; and the encode and read-back of the joined blocks timed directly.
 * `BENCH_DB=pglite` runs on the embedded database on its own thread (as the app with a data
 * directory does); otherwise a throwaway PostgreSQL database. Not part of `npm test`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { decodeBlock, encodeBlock } from '../../server/codec/block-codec.ts';
import { type Database, openDatabase } from '../../server/db/client.ts';
import { queryFloat64Rows } from '../../server/db/float64-query.ts';
import { DEMO_RATES } from '../../server/demo/demo-fleet.ts';
import { findDemoBridges } from '../../server/demo/demo-streams.ts';
import { startDemoLiveFeed } from '../../server/demo/live-feed.ts';
import { createIngestService } from '../../server/ingest/ingest-service.ts';
import { compactBlocks, type CompactStream } from '../../server/readings/compact-blocks.ts';
import { MAX_BLOCK_SECONDS } from '../../server/readings/block-limits.ts';
import { createReadingsRepository } from '../../server/readings/readings-repository.ts';
import { createDeadLettersRepository } from '../../server/repositories/dead-letters-repository.ts';
import { seedDemo } from '../../server/seed/demo-seed.ts';
import { createSecretBox } from '../../server/services/secret-box.ts';
import { openThrowawayPostgres } from './throwaway-postgres.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MINUTES = Number(process.env.BENCH_MINUTES ?? 30);
const TICK_MS = 5000;
const MINUTE_MS = 60_000;

interface PassFigures {
  windows: number;
  busyMs: number;
  /** The process's CPU time over the pass (this thread's and the runtime's helpers'). */
  cpuMs: number;
  longestMs: number;
  wallMs: number;
  /** The same timer over an idle wait as long as the pass: what the machine's load alone adds. */
  idleLongestMs: number;
}

/** The longest delay a 1-ms timer saw while `work` ran, in ms past its period. */
async function longestDelay<T>(work: () => Promise<T>): Promise<{ value: T; longestMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const value = await work();
  delay.disable();
  return { value, longestMs: Math.max(0, delay.max / 1e6 - 1) };
}

async function measuredPass(
  database: Database,
  streams: CompactStream[],
  fromMs: number,
  toMs: number,
): Promise<PassFigures & { doneUntilMs: number }> {
  const elu = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const { value: result, longestMs } = await longestDelay(() =>
    compactBlocks(database.db, streams, fromMs, toMs),
  );
  const wallMs = performance.now() - started;
  const used = performance.eventLoopUtilization(elu);
  const cpuUsed = process.cpuUsage(cpu);
  const idle = await longestDelay(() => new Promise((resolve) => setTimeout(resolve, wallMs)));
  return {
    windows: result.windows,
    busyMs: used.active,
    cpuMs: (cpuUsed.user + cpuUsed.system) / 1000,
    longestMs,
    wallMs,
    idleLongestMs: idle.longestMs,
    doneUntilMs: result.doneUntilMs,
  };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

/**
 * The pass's own synchronous work per joined block, timed directly: the joined blocks read
 * back, then encoded on their stream's grid and decoded to compare, as the pass does
 * (compact-blocks.ts, packedJoin), fastest and slowest of 5 rounds per block.
 */
async function encodeVerifyTimes(database: Database, streams: CompactStream[]) {
  const byId = new Map(streams.map((s) => [s.id, s.resolution]));
  const rows = await queryFloat64Rows<{ datastream_id: number; packed: Float64Array }>(
    database.db,
    `SELECT datastream_id, packed FROM readings WHERE packed IS NOT NULL AND n >= $1`,
    [500],
  );
  const perBlock: { n: number; ms: number }[] = [];
  for (const round of [0, 1, 2, 3, 4]) {
    for (const [index, row] of rows.entries()) {
      const started = performance.now();
      const bytes = encodeBlock(row.packed, byId.get(Number(row.datastream_id)) ?? null);
      const back = decodeBlock(bytes);
      if (!back.every((v, i) => Object.is(v, row.packed[i]))) throw new Error('not bit for bit');
      const ms = performance.now() - started;
      if (round === 0) perBlock.push({ n: row.packed.length, ms });
      else perBlock[index] = { n: row.packed.length, ms: Math.min(perBlock[index]?.ms ?? ms, ms) };
    }
  }
  const times = perBlock.map((b) => b.ms);
  return {
    'encode and verify, joined blocks of 500+ samples': {
      blocks: perBlock.length,
      'samples (median)': quantile(
        perBlock.map((b) => b.n),
        0.5,
      ),
      'ms median': quantile(times, 0.5).toFixed(3),
      'ms max': Math.max(...times).toFixed(3),
    },
  };
}

const kind = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'postgres';
const dataDir = kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'compact-loop-')) : null;
const throwaway = dataDir ? null : await openThrowawayPostgres(ADMIN_URL, 'spanwatch_compact_loop');
const database = throwaway?.database ?? openDatabase({ dataDir: dataDir ?? undefined });

try {
  await database.migrate();
  await seedDemo(database.db, createSecretBox('bench-compact-loop'));
  const ingest = createIngestService(
    database.db,
    createReadingsRepository(database),
    createDeadLettersRepository(database.db),
  );
  const startMs = Math.floor(Date.now() / 3_600_000) * 3_600_000;
  let now = startMs;
  const feed = await startDemoLiveFeed(
    { database, ingest },
    { historyDays: 0, autoStart: false, now: () => now, joinBlocks: false },
  );
  if (!feed) throw new Error('no demo bridge found');
  const streams: CompactStream[] = (await findDemoBridges(database.db, 0, DEMO_RATES)).flatMap(
    ({ streams: found }) =>
      [...found.values()].map((s) => ({ id: s.datastreamId, resolution: s.resolution })),
  );
  const feedFor = async (minutes: number) => {
    const until = now + minutes * MINUTE_MS;
    while (now < until) {
      now += TICK_MS;
      await feed.tick();
    }
  };

  // The feed's passes: one a minute, each from where the one before stopped less 10 minutes.
  await feedFor(MINUTES);
  const steady: PassFigures[] = [];
  let joinedUntil = startMs;
  for (let at = startMs + MINUTE_MS; at <= now; at += MINUTE_MS) {
    const from = joinedUntil - MAX_BLOCK_SECONDS * 1000;
    const pass = await measuredPass(database, streams, from, at);
    joinedUntil = pass.doneUntilMs;
    if (pass.windows > 0) steady.push(pass);
  }

  // After a restart: one pass over everything stored since, at most 200 windows.
  const restartFrom = now;
  await feedFor(MINUTES);
  const restart = await measuredPass(database, streams, restartFrom, now);
  await feed.stop();

  const windows = steady.reduce((sum, p) => sum + p.windows, 0);
  const row = (label: string, values: number[]) => ({
    figure: label,
    median: quantile(values, 0.5).toFixed(2),
    p95: quantile(values, 0.95).toFixed(2),
    max: Math.max(...values).toFixed(2),
  });
  console.log(
    `${kind}, ${streams.length} demo streams, ${MINUTES} simulated minutes at 5-s ticks; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `Minute passes: ${steady.length} with joins, ${windows} windows (${(windows / Math.max(1, steady.length)).toFixed(1)} a pass)`,
  );
  console.table([
    row(
      'event-loop busy ms a pass',
      steady.map((p) => p.busyMs),
    ),
    row(
      'busy ms a window',
      steady.map((p) => p.busyMs / p.windows),
    ),
    row(
      'process CPU ms a window',
      steady.map((p) => p.cpuMs / p.windows),
    ),
    row(
      'longest slice ms',
      steady.map((p) => p.longestMs),
    ),
    row(
      'wall ms a pass',
      steady.map((p) => p.wallMs),
    ),
    row(
      'control: longest delay idle',
      steady.map((p) => p.idleLongestMs),
    ),
  ]);
  console.log(
    `Restart pass: ${restart.windows} windows, event-loop busy ${restart.busyMs.toFixed(1)} ms, process CPU ${restart.cpuMs.toFixed(1)} ms (${(restart.busyMs / Math.max(1, restart.windows)).toFixed(2)} a window), longest slice ${restart.longestMs.toFixed(1)} ms (idle control ${restart.idleLongestMs.toFixed(1)}), wall ${restart.wallMs.toFixed(0)} ms`,
  );
  console.table(await encodeVerifyTimes(database, streams));
} finally {
  if (throwaway) await throwaway.drop();
  else {
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
