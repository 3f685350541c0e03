import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { BlockBody } from '../helpers/readings-fixtures.ts';

/** One `readings` row in COPY text format, with the same per-block aggregates the ingest stores. */
export function copyLine(datastreamId: number, block: BlockBody): string {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  for (const v of block.values) {
    if (v < min) min = v;
    if (v > max) max = v;
    sum += v;
  }
  return `${datastreamId}\t${block.start}\t${block.rate_hz}\t{${block.values.join(',')}}\t${block.values.length}\t${min}\t${max}\t${sum}\n`;
}

/** Bare `COPY readings FROM STDIN` of pre-built text chunks: the physical limit. */
export async function copyReadings(
  url: string,
  chunks: Iterable<string | Buffer> | AsyncIterable<string | Buffer>,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const stream = client.query(
      copyFrom(
        'COPY readings (datastream_id, start, rate_hz, values, n, v_min, v_max, v_sum) FROM STDIN',
      ),
    );
    await pipeline(Readable.from(chunks), stream);
  } finally {
    await client.end();
  }
}

/** The same chunks dealt over `connections` concurrent COPYs, as concurrent gateways would. */
export async function copyReadingsInParallel(
  url: string,
  chunks: Buffer[],
  connections: number,
): Promise<void> {
  const shares = Array.from({ length: connections }, (_, c) =>
    chunks.filter((_chunk, i) => i % connections === c),
  );
  await Promise.all(shares.map((share) => copyReadings(url, share)));
}

export async function sql(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** Empties the readings store between runs so each starts from the same empty table. */
export const resetReadings = (url: string) =>
  sql(
    url,
    'TRUNCATE readings, reading_rollups; UPDATE datastreams SET sample_count = 0, last_seen_at = NULL',
  );
