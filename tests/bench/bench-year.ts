/**
 * A year of one 10 Hz stream (315 M samples) for the query part of bench:ingest (issue 16).
 * Ingesting 315 M samples takes far longer than a benchmark may on this machine, so the minute
 * and hour roll-ups of the whole year are written directly (what the ingest would have kept),
 * and raw one-second blocks only for a sample of days, in their monthly partitions.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { copyReadings, sql } from './bench-copy.ts';

const DAY_MS = 86_400_000;
const RATE_HZ = 10;

/** The stream's value at second s: a slow seasonal swing and a daily one, exact to 4 places. */
const valueAt = (s: number, i: number) =>
  Number(
    (
      Math.sin((2 * Math.PI * s) / (365 * 86_400)) * 5 +
      Math.sin((2 * Math.PI * s) / 86_400) +
      Math.sin((s * RATE_HZ + i) / 3) * 0.1
    ).toFixed(4),
  );

function* rollupLines(datastreamId: number, fromMs: number, days: number) {
  for (const seconds of [60, 3600]) {
    const buckets = (days * 86_400) / seconds;
    let chunk = '';
    for (let k = 0; k < buckets; k += 1) {
      // A bucket's aggregates from a few of its seconds' values: cheap, and consistent enough
      // for latency (the API tests check correctness of the levels).
      const first = k * seconds;
      const probe = [0, seconds / 2, seconds - 1].map((s) => valueAt(first + s, 0));
      const min = Math.min(...probe) - 0.1;
      const max = Math.max(...probe) + 0.1;
      const n = seconds * RATE_HZ;
      const sum = ((min + max) / 2) * n;
      chunk += `${datastreamId}\t${seconds}\t${new Date(fromMs + first * 1000).toISOString()}\t${min}\t${max}\t${sum}\t${n}\n`;
      if (chunk.length > 1 << 20) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
}

function* rawDay(datastreamId: number, dayMs: number, yearFromMs: number) {
  const firstSecond = (dayMs - yearFromMs) / 1000;
  let chunk = '';
  for (let b = 0; b < 86_400; b += 1) {
    const values = Array.from({ length: RATE_HZ }, (_, i) => valueAt(firstSecond + b, i));
    const sum = values.reduce((a, v) => a + v, 0);
    const start = new Date(dayMs + b * 1000).toISOString();
    chunk += `${datastreamId}\t${start}\t${RATE_HZ}\t{${values.join(',')}}\t${RATE_HZ}\t${Math.min(...values)}\t${Math.max(...values)}\t${sum}\n`;
    if (chunk.length > 1 << 20) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** Loads the year; returns the seconds it took and the sampled raw days. */
export async function loadYear(
  url: string,
  datastreamId: number,
  fromMs: number,
  rawDays: number,
): Promise<{ loadSeconds: number; rawDayStarts: number[] }> {
  const began = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await pipeline(
      Readable.from(rollupLines(datastreamId, fromMs, 365)),
      client.query(
        copyFrom(
          'COPY reading_rollups (datastream_id, bucket_seconds, bucket, v_min, v_max, v_sum, n) FROM STDIN',
        ),
      ),
    );
  } finally {
    await client.end();
  }
  const step = Math.floor(365 / Math.max(1, rawDays));
  const rawDayStarts = Array.from({ length: rawDays }, (_, d) => fromMs + d * step * DAY_MS);
  for (const dayMs of rawDayStarts) await copyReadings(url, rawDay(datastreamId, dayMs, fromMs));
  await sql(
    url,
    `UPDATE datastreams SET sample_count = ${365 * 86_400 * RATE_HZ} WHERE id = ${datastreamId}`,
  );
  await sql(url, 'ANALYZE readings; ANALYZE reading_rollups');
  return { loadSeconds: (Date.now() - began) / 1000, rawDayStarts };
}
