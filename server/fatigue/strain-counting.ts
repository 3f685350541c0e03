// Daily rainflow counting of a bridge's strain streams from the stored blocks (issue 19). Runs on
// the analysis thread (server/analysis/analysis-thread.ts), never on the thread serving HTTP.
import { sql } from 'drizzle-orm';
import { toSparse, totalCycles } from '../analytics/fatigue/range-histogram.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import { queryFloat64Rows } from '../db/float64-query.ts';
import { STORED_VALUES, storedValues, type StoredValuesRow } from '../readings/stored-values.ts';
import { excludedSpansOfDay, excludedWindows, isExcluded } from './excluded-windows.ts';
import { STORED_HIGHPASS_HZ, StretchCounter, type StretchState } from './stretch-counter.ts';

/**
 * Bin width of the stored histograms in microstrain: 0.5 MPa on steel at 200 GPa. Histograms
 * stay in strain so a detail's modulus is applied when damage is summed, never by a recount.
 */
export const STRAIN_BIN_WIDTH = 2.5;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface StrainStreamCount {
  datastreamId: number;
  /** Days whose histogram this run stored. */
  daysCounted: number;
  /** Last day counted (YYYY-MM-DD), null while nothing is. */
  countedThrough: string | null;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayStartMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString();

/** The bridge's strain streams (fed by one of its sensors). */
export async function strainStreamsOf(db: Db, bridgeId: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT DISTINCT d.id FROM datastreams d
      JOIN datastream_sensors ds ON ds.datastream_id = d.id
      JOIN sensors s ON s.id = ds.sensor_id
      WHERE s.bridge_id = ${bridgeId} AND d.data_type = 'strain'
      ORDER BY d.id`),
  );
  return rows.map((row) => Number(row.id));
}

async function firstBlockFrom(db: Db, datastreamId: number, fromMs: number) {
  const [row] = rowsOf<{ ms: number | null }>(
    await db.execute(sql`
      SELECT (extract(epoch FROM min(start)) * 1000)::float8 AS ms FROM readings
      WHERE datastream_id = ${datastreamId} AND start >= ${iso(fromMs)}::timestamptz`),
  );
  return row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
}

export interface CountingOptions {
  /** High-pass corner; null counts the samples as given (tests compare with a plain count). */
  highpassHz?: number | null;
}

/** What one counted day stands for (stored beside its histogram). */
export interface DayCoverage {
  samples: number;
  excludedSamples: number;
  monitoredSeconds: number;
  sampleRateHz: number | null;
  highpassHz: number | null;
  stretches: number;
  /** The spans left out (excludedSpansOfDay), kept to notice records entered later. */
  excludedSpans: string;
}

/**
 * Missing samples beyond this many sampling intervals are a gap: the stretch ends there. A block
 * arriving a little late (clock jitter) is not a gap; an outage of a few samples is.
 */
export const GAP_INTERVALS = 3;

/** Median spacing of the day's single readings (rate 0), in ms; null without two of them. */
async function singleReadingInterval(db: Db, datastreamId: number, from: number, to: number) {
  const [row] = rowsOf<{ ms: number | null }>(
    await db.execute(sql`
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY gap)::float8 AS ms FROM (
        SELECT (extract(epoch FROM start - lag(start) OVER (ORDER BY start)) * 1000) AS gap
        FROM readings WHERE datastream_id = ${datastreamId} AND rate_hz = 0
          AND start >= ${iso(from)}::timestamptz AND start < ${iso(to)}::timestamptz) g
      WHERE gap > 0`),
  );
  return row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? null : (sorted[Math.floor(sorted.length / 2)] as number);
};

/**
 * Feeds one UTC day of a stream to the counter, an hour of blocks per query so a 100 Hz day
 * (8.6 million samples) never sits in memory at once. A block belongs to the day it starts on.
 * A gap longer than GAP_INTERVALS sampling intervals, or an excluded window, ends the stretch.
 */
export async function countDay(
  db: Db,
  datastreamId: number,
  day: string,
  counter: StretchCounter,
  carried: StretchState | null,
): Promise<{ coverage: DayCoverage; last: StretchState }> {
  const start = dayStartMs(day);
  const excluded = await excludedWindows(db, datastreamId, start, start + DAY_MS);
  const singleMs = await singleReadingInterval(db, datastreamId, start, start + DAY_MS);
  let lastSampleMs = carried?.lastSampleMs ?? null;
  let intervalMs = carried?.intervalMs ?? null;
  const rates: number[] = [];
  const coverage = { samples: 0, excludedSamples: 0, monitoredSeconds: 0 };
  const stretchesBefore = counter.stretches;
  let excludedOpen = false;
  for (let hour = start; hour < start + DAY_MS; hour += HOUR_MS) {
    const stored = await queryFloat64Rows<{ ms: number; rate_hz: number } & StoredValuesRow>(
      db,
      `SELECT (extract(epoch FROM start) * 1000)::float8 AS ms, rate_hz, ${STORED_VALUES}
       FROM readings
       WHERE datastream_id = $1 AND start >= $2::timestamptz AND start < $3::timestamptz
       ORDER BY start`,
      [datastreamId, iso(hour), iso(hour + HOUR_MS)],
    );
    for (const storedRow of stored) {
      const row = { ms: storedRow.ms, rate_hz: storedRow.rate_hz, values: storedValues(storedRow) };
      const blockMs = Number(row.ms);
      const rate = Number(row.rate_hz);
      const step = rate > 0 ? 1000 / rate : Math.round(singleMs ?? intervalMs ?? 0);
      if (step <= 0) continue; // a lone single reading: no interval to weigh it by
      const rateHz = 1000 / step;
      rates.push(rateHz);
      if (
        lastSampleMs !== null &&
        intervalMs !== null &&
        blockMs - lastSampleMs > (GAP_INTERVALS + 1) * Math.max(intervalMs, step)
      ) {
        counter.endStretch();
      }
      counter.setRate(rateHz);
      const overlaps = excluded.some(
        (w) => w.from < blockMs + row.values.length * step && w.to > blockMs,
      );
      if (!overlaps) {
        excludedOpen = false;
        counter.push(row.values);
        coverage.samples += row.values.length;
        coverage.monitoredSeconds += (row.values.length * step) / 1000;
      } else {
        let run: number[] = [];
        row.values.forEach((value, i) => {
          if (isExcluded(excluded, blockMs + i * step)) {
            coverage.excludedSamples += 1;
            if (!excludedOpen) {
              counter.push(run);
              run = [];
              counter.endStretch();
              excludedOpen = true;
            }
            return;
          }
          if (excludedOpen) excludedOpen = false;
          run.push(value);
          coverage.samples += 1;
          coverage.monitoredSeconds += step / 1000;
        });
        counter.push(run);
      }
      lastSampleMs = blockMs + (row.values.length - 1) * step;
      intervalMs = step;
    }
  }
  counter.endDay();
  const rate = median(rates);
  return {
    coverage: {
      ...coverage,
      sampleRateHz: rate,
      highpassHz: counter.highpassHz,
      stretches: counter.stretches - stretchesBefore,
      excludedSpans: excludedSpansOfDay(excluded, start),
    },
    last: {
      ...counter.state(),
      ...(lastSampleMs === null ? {} : { lastSampleMs }),
      ...(intervalMs === null ? {} : { intervalMs }),
    },
  };
}

/**
 * Counts every whole UTC day of one stream not yet counted, up to the day before `nowMs`: the
 * previous day in the daily run, every missed day in a catch-up. Each day's histogram (when the
 * day has samples) and the residue carried past it are written in one transaction, so a crash
 * between days resumes exactly where it stopped. Samples stored later for a day already counted
 * are not counted (docs/decisions/007-fatigue.md). Each gap-free, trusted stretch is counted
 * alone after the quasi-static part is removed (decision 045).
 */
export async function countStrainStream(
  db: Db,
  datastreamId: number,
  nowMs: number,
  options: CountingOptions = {},
): Promise<StrainStreamCount> {
  const lastDay = dayOf(Math.floor(nowMs / DAY_MS) * DAY_MS - DAY_MS);
  const [stored] = rowsOf<{ counted_through: string; residue: StretchState }>(
    await db.execute(sql`
      SELECT counted_through::text AS counted_through, residue FROM fatigue_counters
      WHERE datastream_id = ${datastreamId}`),
  );
  const counter = new StretchCounter(
    STRAIN_BIN_WIDTH,
    stored?.residue ?? null,
    options.highpassHz === undefined ? STORED_HIGHPASS_HZ : options.highpassHz,
  );
  let carried: StretchState | null = stored?.residue ?? null;
  let countedThrough = stored?.counted_through ?? null;
  let daysCounted = 0;
  for (;;) {
    const from = countedThrough === null ? 0 : dayStartMs(countedThrough) + DAY_MS;
    const next = await firstBlockFrom(db, datastreamId, from);
    // Days without blocks between two with data are skipped in one step.
    const day = next === null ? null : dayOf(next);
    if (day === null || day > lastDay) {
      if (countedThrough !== null && countedThrough < lastDay) {
        await saveCounter(db, datastreamId, lastDay, carried ?? counter.state());
        countedThrough = lastDay;
      }
      return { datastreamId, daysCounted, countedThrough };
    }
    const { coverage, last } = await countDay(db, datastreamId, day, counter, carried);
    const histogram = counter.takeHistogram();
    await db.transaction(async (tx) => {
      await storeDay(tx, datastreamId, day, { histogram, coverage, residueIn: carried });
      await saveCounter(tx, datastreamId, day, last);
    });
    carried = last;
    countedThrough = day;
    daysCounted += 1;
  }
}

/** What a day's count stores: its histogram, what it covers, and the state carried into it. */
export interface CountedDay {
  histogram: ReturnType<StretchCounter['takeHistogram']>;
  coverage: DayCoverage;
  residueIn: StretchState | null;
}

/**
 * Writes a day's histogram, replacing the one stored (a recount) rather than adding a second.
 * `recounted` stamps the row when a recount wrote it (decision 045, 2026-12-02 (d)).
 */
export async function storeDay(
  db: Pick<Db, 'execute'>,
  datastreamId: number,
  day: string,
  { histogram, coverage, residueIn }: CountedDay,
  recounted = false,
) {
  await db.execute(sql`
    INSERT INTO fatigue_histograms (datastream_id, day, bin_width, bins, cycles, samples,
      monitored_seconds, excluded_samples, sample_rate_hz, highpass_hz, stretches, residue_in,
      recounted_at, excluded_spans)
    VALUES (${datastreamId}, ${day}, ${STRAIN_BIN_WIDTH},
            ${JSON.stringify(toSparse(histogram).bins)}::jsonb, ${totalCycles(histogram)},
            ${coverage.samples}, ${coverage.monitoredSeconds}, ${coverage.excludedSamples},
            ${coverage.sampleRateHz}, ${coverage.highpassHz}, ${coverage.stretches},
            ${residueIn === null ? null : JSON.stringify(residueIn)}::jsonb,
            ${recounted ? sql`now()` : null}, ${coverage.excludedSpans})
    ON CONFLICT (datastream_id, day) DO UPDATE SET bin_width = excluded.bin_width,
      bins = excluded.bins, cycles = excluded.cycles, samples = excluded.samples,
      monitored_seconds = excluded.monitored_seconds,
      excluded_samples = excluded.excluded_samples, sample_rate_hz = excluded.sample_rate_hz,
      highpass_hz = excluded.highpass_hz, stretches = excluded.stretches,
      residue_in = excluded.residue_in, excluded_spans = excluded.excluded_spans,
      recounted_at = coalesce(excluded.recounted_at, fatigue_histograms.recounted_at)`);
}

/**
 * Where the stream's counting stands. A new counter starts having seen the stream's faults
 * stored so far: the days it counts already leave them out, so they need no recount.
 */
async function saveCounter(
  db: Pick<Db, 'execute'>,
  datastreamId: number,
  day: string,
  state: StretchState,
) {
  await db.execute(sql`
    INSERT INTO fatigue_counters (datastream_id, counted_through, residue, updated_at, faults_seen)
    VALUES (${datastreamId}, ${day}, ${JSON.stringify(state)}::jsonb, now(),
            (SELECT coalesce(max(id), 0) FROM sensor_faults WHERE datastream_id = ${datastreamId}))
    ON CONFLICT (datastream_id) DO UPDATE SET counted_through = excluded.counted_through,
      residue = excluded.residue, updated_at = excluded.updated_at`);
}

/** Brings every strain stream of a bridge up to the day before `nowMs`. */
export async function countBridgeStrain(
  db: Db,
  bridgeId: number,
  nowMs = Date.now(),
  options: CountingOptions = {},
): Promise<StrainStreamCount[]> {
  const counts: StrainStreamCount[] = [];
  for (const id of await strainStreamsOf(db, bridgeId)) {
    counts.push(await countStrainStream(db, id, nowMs, options));
  }
  return counts;
}
