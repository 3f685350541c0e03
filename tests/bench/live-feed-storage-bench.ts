/**
 * `npm run bench:live-storage` (issue 34, decision 075 amended 2026-12-02 (c)): what the demo's
 * live feed stores a sample, apart from its history. A throwaway PostgreSQL database: the demo's
 * seed and `BENCH_DAYS` (default 1) of history, VACUUM and sizes; then the live feed ticking
 * every `BENCH_TICK_S` (5, the server's) seconds of a simulated clock for `BENCH_LIVE_HOURS`
 * (default 6) hours from the history's end (a plain VACUUM every `BENCH_VACUUM_EVERY_MIN`, 30,
 * simulated minutes, as autovacuum would), VACUUM and sizes again: the difference is the live
 * feed's rows (joined per closed window by the feed itself, server/readings/compact-blocks.ts).
 * Sizes after `VACUUM FULL` too, since the joined rows' old space is reused by later rows rather
 * than given back. Not part of `npm test`.
 */
import { writeDemoHistory } from '../../server/demo/history-writer.ts';
import { startDemoLiveFeed } from '../../server/demo/live-feed.ts';
import { createIngestService } from '../../server/ingest/ingest-service.ts';
import { createReadingsRepository } from '../../server/readings/readings-repository.ts';
import { createDeadLettersRepository } from '../../server/repositories/dead-letters-repository.ts';
import { seedDemo } from '../../server/seed/demo-seed.ts';
import { createSecretBox } from '../../server/services/secret-box.ts';
import {
  breakdownPerSample,
  storageBreakdown,
  type StorageBreakdown,
} from './storage-breakdown.ts';
import { openThrowawayPostgres } from './throwaway-postgres.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DAYS = Number(process.env.BENCH_DAYS ?? 1);
const LIVE_HOURS = Number(process.env.BENCH_LIVE_HOURS ?? 6);
const TICK_MS = Number(process.env.BENCH_TICK_S ?? 5) * 1000;
/** A plain VACUUM every so many simulated minutes, as autovacuum would: joined rows' space reused. */
const VACUUM_EVERY_MS = Number(process.env.BENCH_VACUUM_EVERY_MIN ?? 30) * 60_000;

const throwaway = await openThrowawayPostgres(ADMIN_URL, 'spanwatch_live_storage');
const { database, direct } = throwaway;

async function samplesStored(): Promise<number> {
  const { rows } = await direct.query<{ n: string }>(
    'SELECT coalesce(sum(n), 0)::text AS n FROM readings',
  );
  return Number(rows[0]?.n ?? 0);
}

/** Rows and samples per data kind after `since` (ms), for the live feed's part. */
async function perKind(since: number): Promise<Record<string, Record<string, string>>> {
  const { rows } = await direct.query<{ kind: string; rows: string; samples: string }>(
    `SELECT d.data_type AS kind, count(*)::text AS rows, sum(r.n)::text AS samples
     FROM readings r JOIN datastreams d ON d.id = r.datastream_id
     WHERE r.start >= $1 GROUP BY d.data_type ORDER BY d.data_type`,
    [new Date(since).toISOString()],
  );
  return Object.fromEntries(
    rows.map((r) => [
      r.kind,
      {
        rows: r.rows,
        samples: r.samples,
        'samples a row': (Number(r.samples) / Number(r.rows)).toFixed(1),
      },
    ]),
  );
}

function minus(a: StorageBreakdown, b: StorageBreakdown): StorageBreakdown {
  return {
    rows: a.rows - b.rows,
    heap: a.heap - b.heap,
    toastAndMaps: a.toastAndMaps - b.toastAndMaps,
    indexes: a.indexes - b.indexes,
    values: a.values - b.values,
  };
}

const total = (b: StorageBreakdown) => b.heap + b.toastAndMaps + b.indexes;

try {
  await database.migrate();
  await seedDemo(database.db, createSecretBox('bench-live-storage'));
  await writeDemoHistory(database, { days: DAYS, parallel: true });
  await direct.query('VACUUM FULL readings');
  const historySamples = await samplesStored();
  const history = await storageBreakdown(direct);

  const readings = createReadingsRepository(database);
  const ingest = createIngestService(
    database.db,
    readings,
    createDeadLettersRepository(database.db),
  );
  const { rows: ends } = await direct.query<{ end: string }>(
    'SELECT (extract(epoch FROM max(last_seen_at)) * 1000)::float8::text AS end FROM datastreams',
  );
  const liveFrom = Number(ends[0]?.end);
  let now = liveFrom;
  const feed = await startDemoLiveFeed(
    { database, ingest },
    { historyDays: DAYS, autoStart: false, now: () => now },
  );
  if (!feed) throw new Error('no demo bridge found');
  const started = performance.now();
  let vacuumedAt = liveFrom;
  while (now < liveFrom + LIVE_HOURS * 3_600_000) {
    now += TICK_MS;
    await feed.tick();
    if (now - vacuumedAt >= VACUUM_EVERY_MS) {
      await direct.query('VACUUM readings');
      vacuumedAt = now;
    }
  }
  const feedSeconds = (performance.now() - started) / 1000;
  await direct.query('VACUUM (ANALYZE) readings');
  const liveSamples = (await samplesStored()) - historySamples;
  const live = minus(await storageBreakdown(direct), history);
  await direct.query('VACUUM FULL readings');
  const liveFull = minus(await storageBreakdown(direct), history);

  console.log(
    `History ${DAYS} d: ${historySamples.toLocaleString('en-CA')} samples, ${(total(history) / historySamples).toFixed(2)} bytes a sample`,
  );
  console.log(
    `Live feed ${LIVE_HOURS} h at ${TICK_MS / 1000}-s ticks: ${liveSamples.toLocaleString('en-CA')} samples in ${feedSeconds.toFixed(1)} s, ${(total(live) / liveSamples).toFixed(2)} bytes a sample after VACUUM, ${(total(liveFull) / liveSamples).toFixed(2)} after VACUUM FULL`,
  );
  console.table(await perKind(liveFrom - 1));
  console.table({
    history: breakdownPerSample(history, historySamples),
    'live feed': breakdownPerSample(live, liveSamples),
    'live feed, VACUUM FULL': breakdownPerSample(liveFull, liveSamples),
  });
} finally {
  await throwaway.drop();
}
