// Daily rainflow counting of a bridge's strain streams from the stored blocks (issue 19). Runs on
// the analysis thread (server/analysis/analysis-thread.ts), never on the thread serving HTTP.
import { sql } from 'drizzle-orm';
import { RainflowCounter, type RainflowState } from '../analytics/fatigue/rainflow.ts';
import { toSparse, totalCycles } from '../analytics/fatigue/range-histogram.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';

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

/**
 * Feeds one UTC day of a stream to the counter, an hour of blocks per query so a 100 Hz day
 * (8.6 million samples) never sits in memory at once. A block belongs to the day it starts on.
 */
async function countDay(db: Db, datastreamId: number, day: string, counter: RainflowCounter) {
  const start = dayStartMs(day);
  let samples = 0;
  for (let hour = start; hour < start + DAY_MS; hour += HOUR_MS) {
    const rows = rowsOf<{ values: number[] }>(
      await db.execute(sql`
        SELECT values FROM readings
        WHERE datastream_id = ${datastreamId}
          AND start >= ${iso(hour)}::timestamptz AND start < ${iso(hour + HOUR_MS)}::timestamptz
        ORDER BY start`),
    );
    for (const row of rows) {
      counter.push(row.values);
      samples += row.values.length;
    }
  }
  return samples;
}

/**
 * Counts every whole UTC day of one stream not yet counted, up to the day before `nowMs`: the
 * previous day in the daily run, every missed day in a catch-up. Each day's histogram (when the
 * day has samples) and the residue carried past it are written in one transaction, so a crash
 * between days resumes exactly where it stopped. Samples stored later for a day already counted
 * are not counted (docs/decisions/007-fatigue.md).
 */
export async function countStrainStream(
  db: Db,
  datastreamId: number,
  nowMs: number,
): Promise<StrainStreamCount> {
  const lastDay = dayOf(Math.floor(nowMs / DAY_MS) * DAY_MS - DAY_MS);
  const [stored] = rowsOf<{ counted_through: string; residue: RainflowState }>(
    await db.execute(sql`
      SELECT counted_through::text AS counted_through, residue FROM fatigue_counters
      WHERE datastream_id = ${datastreamId}`),
  );
  const counter = stored
    ? RainflowCounter.fromState(stored.residue, { binWidth: STRAIN_BIN_WIDTH })
    : new RainflowCounter({ binWidth: STRAIN_BIN_WIDTH });
  let countedThrough = stored?.counted_through ?? null;
  let daysCounted = 0;
  for (;;) {
    const from = countedThrough === null ? 0 : dayStartMs(countedThrough) + DAY_MS;
    const next = await firstBlockFrom(db, datastreamId, from);
    // Days without blocks between two with data are skipped in one step.
    const day = next === null ? null : dayOf(next);
    if (day === null || day > lastDay) {
      if (countedThrough !== null && countedThrough < lastDay) {
        await saveCounter(db, datastreamId, lastDay, counter.state());
        countedThrough = lastDay;
      }
      return { datastreamId, daysCounted, countedThrough };
    }
    const samples = await countDay(db, datastreamId, day, counter);
    const histogram = counter.takeHistogram();
    const state = counter.state();
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        INSERT INTO fatigue_histograms (datastream_id, day, bin_width, bins, cycles, samples)
        VALUES (${datastreamId}, ${day}, ${STRAIN_BIN_WIDTH},
                ${JSON.stringify(toSparse(histogram).bins)}::jsonb, ${totalCycles(histogram)},
                ${samples})
        ON CONFLICT (datastream_id, day) DO UPDATE SET bin_width = excluded.bin_width,
          bins = excluded.bins, cycles = excluded.cycles, samples = excluded.samples`);
      await saveCounter(tx, datastreamId, day, state);
    });
    countedThrough = day;
    daysCounted += 1;
  }
}

async function saveCounter(
  db: Pick<Db, 'execute'>,
  datastreamId: number,
  day: string,
  state: RainflowState,
) {
  await db.execute(sql`
    INSERT INTO fatigue_counters (datastream_id, counted_through, residue, updated_at)
    VALUES (${datastreamId}, ${day}, ${JSON.stringify(state)}::jsonb, now())
    ON CONFLICT (datastream_id) DO UPDATE SET counted_through = excluded.counted_through,
      residue = excluded.residue, updated_at = excluded.updated_at`);
}

/** Brings every strain stream of a bridge up to the day before `nowMs`. */
export async function countBridgeStrain(
  db: Db,
  bridgeId: number,
  nowMs = Date.now(),
): Promise<StrainStreamCount[]> {
  const counts: StrainStreamCount[] = [];
  for (const id of await strainStreamsOf(db, bridgeId)) {
    counts.push(await countStrainStream(db, id, nowMs));
  }
  return counts;
}
