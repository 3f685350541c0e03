import { copyReadings, sql } from './bench-copy.ts';
import { percentile } from './bench-stats.ts';

const DAY_MS = 86_400_000;

/** 64 distinct one-second 100 Hz blocks, cycled: a week is 604,800 blocks (60 M samples). */
const pool = Array.from({ length: 64 }, (_, p) => {
  const values = Array.from({ length: 100 }, (_, i) =>
    Number((Math.sin((p * 100 + i) / 7) * (1 + (p % 5) / 10)).toFixed(4)),
  );
  const sum = values.reduce((a, b) => a + b, 0);
  return { text: `{${values.join(',')}}`, min: Math.min(...values), max: Math.max(...values), sum };
});

function* weekOfBlocks(datastreamId: number, fromMs: number, days: number) {
  const blocks = days * 86_400;
  let chunk = '';
  for (let b = 0; b < blocks; b += 1) {
    const p = pool[b % pool.length] as (typeof pool)[number];
    const start = new Date(fromMs + b * 1000).toISOString();
    chunk += `${datastreamId}\t${start}\t100\t${p.text}\t100\t${p.min}\t${p.max}\t${p.sum}\n`;
    if (chunk.length > 1 << 20) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** Minute and hour roll-ups of the same week, as the ingest would have kept them. */
function* rollupLines(datastreamId: number, fromMs: number, days: number) {
  for (const seconds of [60, 3600]) {
    const buckets = (days * 86_400) / seconds;
    let chunk = '';
    for (let k = 0; k < buckets; k += 1) {
      let min = Infinity;
      let max = -Infinity;
      let sum = 0;
      for (let s = 0; s < seconds; s += 1) {
        const p = pool[(k * seconds + s) % pool.length] as (typeof pool)[number];
        min = Math.min(min, p.min);
        max = Math.max(max, p.max);
        sum += p.sum;
      }
      chunk += `${datastreamId}\t${seconds}\t${new Date(fromMs + k * seconds * 1000).toISOString()}\t${min}\t${max}\t${sum}\t${seconds * 100}\n`;
    }
    yield chunk;
  }
}

export async function loadWeek(url: string, datastreamId: number, fromMs: number, days = 7) {
  const began = Date.now();
  await copyReadings(url, weekOfBlocks(datastreamId, fromMs, days));
  const { from: copyFrom } = await import('pg-copy-streams');
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  const { pipeline } = await import('node:stream/promises');
  const { Readable } = await import('node:stream');
  await pipeline(
    Readable.from(rollupLines(datastreamId, fromMs, days)),
    client.query(
      copyFrom(
        'COPY reading_rollups (datastream_id, bucket_seconds, bucket, v_min, v_max, v_sum, n) FROM STDIN',
      ),
    ),
  );
  await client.end();
  await sql(
    url,
    `UPDATE datastreams SET sample_count = ${days * 8_640_000} WHERE id = ${datastreamId}`,
  );
  await sql(url, 'ANALYZE readings; ANALYZE reading_rollups');
  return (Date.now() - began) / 1000;
}

export interface NamedRange {
  name: string;
  fromMs: number;
  toMs: number;
  maxPoints?: number;
}

/** p50/p95 of GET .../readings over HTTP for each range (2000 points unless said). */
export async function timeRanges(
  baseUrl: string,
  token: string,
  datastreamId: number,
  ranges: NamedRange[],
  runs = 40,
) {
  const results: Record<string, { p50: number; p95: number; points: number; level: string }> = {};
  for (const { name, fromMs, toMs, maxPoints = 2000 } of ranges) {
    const query = `from=${new Date(fromMs).toISOString()}&to=${new Date(toMs).toISOString()}&max_points=${maxPoints}`;
    const times: number[] = [];
    let last = { points: [] as unknown[], level: '' };
    for (let i = 0; i < runs; i += 1) {
      const began = performance.now();
      const response = await fetch(
        `${baseUrl}/api/v1/datastreams/${datastreamId}/readings?${query}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
      last = (await response.json()) as typeof last;
      times.push(performance.now() - began);
    }
    times.sort((a, b) => a - b);
    results[name] = {
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      points: last.points.length,
      level: last.level,
    };
  }
  return results;
}

/** The whole week (2000 points) and one raw minute in its middle. */
export const timeQueries = (
  baseUrl: string,
  token: string,
  datastreamId: number,
  fromMs: number,
  days: number,
) => {
  const middle = fromMs + (days / 2) * DAY_MS;
  return timeRanges(baseUrl, token, datastreamId, [
    { name: 'week', fromMs, toMs: fromMs + days * DAY_MS },
    { name: 'minute', fromMs: middle, toMs: middle + 60_000 },
  ]);
};
