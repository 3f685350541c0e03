import { setImmediate } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { MAX_BLOCK_SECONDS } from './block-limits.ts';
import { aggregates } from './aggregate-series.ts';
import { createBucketer, type Level, levelFor, type Point } from './downsample.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import { queryFloat64Rows } from '../db/float64-query.ts';
import { STORED_VALUES, storedValues, type StoredValuesRow } from './stored-values.ts';
import {
  createCsvTimeFormatter,
  decimalsOfStep,
  readingCsvValue,
  readingsCsvHeader,
} from '../../domain/readings-csv.ts';

/** A stored block; its values arrive as a Float64Array transferred from the database thread. */
interface BlockRow {
  ms: number;
  rate_hz: number;
  values: Float64Array;
}

const iso = (ms: number) => new Date(ms).toISOString();
/** Blocks that start before `from` may still reach into it (a block covers at most this). */
const LOOKBACK_MS = MAX_BLOCK_SECONDS * 1000;
/** Characters of CSV formatted between two turns of the event loop (about 2,000 rows). */
const CSV_SLICE_CHARS = 64 * 1024;
/**
 * Blocks per page of the export: at most 500, and about CSV_PAGE_SAMPLES samples once the first
 * page has shown the stream's block size. A page is one query on the database thread, which every
 * other request shares: 500 blocks of up to 10,000 samples made a query of up to 5 million, and a
 * gateway's blocks waited behind a 300,000-sample page (decision 047).
 */
const CSV_PAGE_BLOCKS = 500;
const CSV_FIRST_PAGE_BLOCKS = 20;
const CSV_PAGE_SAMPLES = 50_000;

/** Blocks for the next page, from the samples per block of the page just read. */
function nextPageBlocks(page: readonly BlockRow[]): number {
  let samples = 0;
  for (const block of page) samples += block.values.length;
  const perBlock = Math.max(1, samples / Math.max(1, page.length));
  return Math.min(CSV_PAGE_BLOCKS, Math.max(1, Math.floor(CSV_PAGE_SAMPLES / perBlock)));
}
/**
 * Raw samples read for one chart at most, per point asked for: beyond it the raw level would
 * hold every sample of a fast stream in memory to draw a few points (issue 13, finding 11),
 * and the blocks' own min/max/sum answer instead.
 */
export const RAW_SAMPLES_PER_POINT = 20;

/** Reading back: downsampled series for charts and a paged raw export. */
export function createReadingsQueryRepository(db: Db) {
  /**
   * Blocks holding samples in [from, to): those starting in it and those reaching into it.
   * Parameters $1 to $4 are `overlappingParams`.
   */
  const OVERLAPPING = `datastream_id = $1 AND start >= $2::timestamptz
    AND start < $3::timestamptz
    AND (start >= $4::timestamptz
         OR (rate_hz > 0 AND start + n / rate_hz * interval '1 second' > $4::timestamptz))`;
  const overlappingParams = (id: number, fromMs: number, toMs: number) => [
    id,
    iso(fromMs - LOOKBACK_MS),
    iso(toMs),
    iso(fromMs),
  ];

  /**
   * The values of raw reads come as Float64Arrays whose buffers the database thread transfers:
   * as arrays of numbers, a page of the export (300,000 samples in bench:abuse) was cloned onto
   * the thread serving requests and held it for 190 ms (decision 047).
   */
  async function rawBlocks(id: number, fromMs: number, toMs: number): Promise<BlockRow[]> {
    const rows = await queryFloat64Rows<Omit<BlockRow, 'values'> & StoredValuesRow>(
      db,
      `SELECT (extract(epoch FROM start) * 1000)::float8 AS ms, rate_hz, ${STORED_VALUES}
       FROM readings WHERE ${OVERLAPPING}
       ORDER BY start`,
      overlappingParams(id, fromMs, toMs),
    );
    return rows.map((row) => ({ ms: row.ms, rate_hz: row.rate_hz, values: storedValues(row) }));
  }

  /** The next page of the CSV export: blocks starting after `afterUs` (µs since the epoch). */
  async function csvPage(
    id: number,
    fromMs: number,
    toMs: number,
    afterUs: string | null,
    blocks: number,
  ): Promise<(BlockRow & { start_us: string })[]> {
    const after =
      afterUs === null
        ? ''
        : `AND start > 'epoch'::timestamptz + $5::bigint * interval '1 microsecond'`;
    const rows = await queryFloat64Rows<
      Omit<BlockRow, 'values'> & StoredValuesRow & { start_us: string }
    >(
      db,
      `SELECT (extract(epoch FROM start) * 1000)::float8 AS ms,
              (extract(epoch FROM start) * 1000000)::bigint::text AS start_us, rate_hz,
              ${STORED_VALUES}
       FROM readings WHERE ${OVERLAPPING} ${after}
       ORDER BY start LIMIT ${blocks}`,
      [...overlappingParams(id, fromMs, toMs), ...(afterUs === null ? [] : [afterUs])],
    );
    return rows.map((row) => ({
      ms: row.ms,
      start_us: row.start_us,
      rate_hz: row.rate_hz,
      values: storedValues(row),
    }));
  }

  /** The export's header, naming the stream and its unit (decision 034). */
  /** The export's header line, and the decimals of the stream's resolution if it has one. */
  async function csvHeader(id: number): Promise<{ header: string; stepDecimals?: number }> {
    const [stream] = rowsOf<{ stream_id: string; data_type: string; resolution: number | null }>(
      await db.execute(
        sql`SELECT stream_id, data_type, resolution FROM datastreams WHERE id = ${id}`,
      ),
    );
    if (!stream) return { header: 'timestamp,value\n' };
    const header = readingsCsvHeader(stream.stream_id, stream.data_type);
    return stream.resolution === null
      ? { header }
      : { header, stepDecimals: decimalsOfStep(Number(stream.resolution)) };
  }

  /** Samples in the blocks the raw level would read, from the blocks' counts alone. */
  async function rawSampleCount(id: number, fromMs: number, toMs: number): Promise<number> {
    const [row] = await queryFloat64Rows<{ n: number | string | null }>(
      db,
      `SELECT sum(n)::float8 AS n FROM readings WHERE ${OVERLAPPING}`,
      overlappingParams(id, fromMs, toMs),
    );
    return Number(row?.n ?? 0);
  }

  return {
    async series(
      id: number,
      fromMs: number,
      toMs: number,
      maxPoints: number,
    ): Promise<{ level: Level; points: Point[] }> {
      let level = levelFor(fromMs, toMs, maxPoints);
      if (
        level === 'raw' &&
        (await rawSampleCount(id, fromMs, toMs)) > RAW_SAMPLES_PER_POINT * maxPoints
      ) {
        level = 'block';
      }
      const bucketer = createBucketer(fromMs, toMs, maxPoints);
      // Note: a roll-up bucket that straddles `from` counts wholly in the first point.
      if (level === 'raw') {
        for (const block of await rawBlocks(id, fromMs, toMs)) {
          const step = block.rate_hz === 0 ? 0 : 1000 / block.rate_hz;
          block.values.forEach((v, i) => bucketer.add(block.ms + i * step, v, v, v, 1));
        }
      } else {
        const answered = await aggregates(db, level, { id, fromMs, toMs, maxPoints });
        level = answered.level;
        for (const row of answered.rows) {
          bucketer.add(Number(row.ms), row.v_min, row.v_max, Number(row.v_sum), Number(row.n));
        }
      }
      return { level, points: bucketer.points() };
    },

    /**
     * Raw samples as CSV lines, one page of blocks at a time, so memory stays flat. A page goes
     * on after the exact start (in microseconds) of the previous page's last block: a time in
     * milliseconds would find that block, or one reaching past it, again (issue 37, finding 7).
     * The header names the stream and its unit; values keep 6 significant digits (decision 034),
     * or the digits of the stream's resolution where those are more (decision 052).
     */
    async *csvLines(id: number, fromMs: number, toMs: number): AsyncGenerator<string> {
      const { header, stepDecimals } = await csvHeader(id);
      yield header;
      const timeOf = createCsvTimeFormatter();
      let after: string | null = null;
      let pageBlocks = CSV_FIRST_PAGE_BLOCKS;
      for (;;) {
        const page = await csvPage(id, fromMs, toMs, after, pageBlocks);
        let chunk = '';
        for (const block of page) {
          const step = block.rate_hz === 0 ? 0 : 1000 / block.rate_hz;
          block.values.forEach((v, i) => {
            const t = block.ms + i * step;
            if (t >= fromMs && t < toMs)
              chunk += `${timeOf(t)},${readingCsvValue(v, stepDecimals)}\n`;
          });
          // A page holds some 50,000 samples (a first one up to 200,000): hand them on in slices
          // and let the event loop serve others between two (one export raised everyone's p99
          // to 288 ms; issue 37).
          if (chunk.length >= CSV_SLICE_CHARS) {
            yield chunk;
            chunk = '';
            await setImmediate();
          }
        }
        if (chunk) yield chunk;
        const last = page.at(-1);
        if (page.length < pageBlocks || !last) return;
        after = last.start_us;
        pageBlocks = nextPageBlocks(page);
      }
    },
  };
}

export type ReadingsQueryRepository = ReturnType<typeof createReadingsQueryRepository>;
