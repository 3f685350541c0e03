import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import { expectedHourly } from './expected-hourly.ts';
import type { GapFact, StreamAvailability } from './report-facts.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const LISTED_GAPS = 5;

interface StreamRow {
  id: number;
  stream_id: string;
  data_type: string;
  sensors: string;
}

/**
 * Data availability of each of the bridge's streams over [fromMs, toMs) (whole hours), from the
 * hourly roll-ups: samples stored against samples expected per hour (`expectedHourly`), from the
 * hour of its first sample on (a stream added mid-month is not blamed for the time before).
 */
export async function streamAvailability(
  db: Db,
  bridgeId: number,
  fromMs: number,
  toMs: number,
): Promise<StreamAvailability[]> {
  const streams = rowsOf<StreamRow>(
    await db.execute(sql`
      SELECT d.id, d.stream_id, d.data_type, string_agg(s.label, ', ' ORDER BY s.label) AS sensors
      FROM datastreams d
      JOIN datastream_sensors ds ON ds.datastream_id = d.id
      JOIN sensors s ON s.id = ds.sensor_id
      WHERE s.bridge_id = ${bridgeId}
      GROUP BY d.id, d.stream_id, d.data_type
      ORDER BY d.stream_id`),
  );
  const out: StreamAvailability[] = [];
  for (const stream of streams) out.push(await ofStream(db, stream, fromMs, toMs));
  return out;
}

async function ofStream(
  db: Db,
  stream: StreamRow,
  fromMs: number,
  toMs: number,
): Promise<StreamAvailability> {
  const id = Number(stream.id);
  const from = new Date(fromMs).toISOString();
  const to = new Date(toMs).toISOString();
  const [first] = rowsOf<{ first: string | Date | null }>(
    await db.execute(sql`
      SELECT min(bucket) AS first FROM reading_rollups
      WHERE datastream_id = ${id} AND bucket_seconds = 3600 AND bucket < ${to}::timestamptz`),
  );
  const hours = rowsOf<{ bucket: string | Date; n: number | string }>(
    await db.execute(sql`
      SELECT bucket, n FROM reading_rollups
      WHERE datastream_id = ${id} AND bucket_seconds = 3600
        AND bucket >= ${from}::timestamptz AND bucket < ${to}::timestamptz
      ORDER BY bucket`),
  );
  const [block] = rowsOf<{ rate_hz: number }>(
    await db.execute(sql`
      SELECT rate_hz FROM readings
      WHERE datastream_id = ${id} AND start >= ${from}::timestamptz AND start < ${to}::timestamptz
      ORDER BY start DESC LIMIT 1`),
  );
  const samplesByHour = new Map(hours.map((h) => [new Date(h.bucket).getTime(), Number(h.n)]));
  const firstMs = first?.first ? new Date(first.first).getTime() : null;
  const startMs = firstMs === null ? toMs : Math.max(fromMs, firstMs);
  const rate = Number(block?.rate_hz ?? 0);
  const { basis, expectedPerHour } = expectedHourly(rate, [...samplesByHour.values()]);

  const days = Math.ceil((toMs - fromMs) / DAY_MS);
  const dailySamples = new Array<number>(days).fill(0);
  const dailyExpected = new Array<number>(days).fill(0);
  const gaps: GapFact[] = [];
  let run: GapFact | null = null;
  let samples = 0;
  let hoursMissing = 0;
  for (let t = startMs; t < toMs; t += HOUR_MS) {
    const n = samplesByHour.get(t) ?? 0;
    const day = Math.floor((t - fromMs) / DAY_MS);
    samples += n;
    dailySamples[day] = (dailySamples[day] ?? 0) + n;
    dailyExpected[day] = (dailyExpected[day] ?? 0) + (expectedPerHour ?? 0);
    if (n === 0) {
      hoursMissing += 1;
      if (run) run.hours += 1;
      else gaps.push((run = { start: new Date(t).toISOString(), hours: 1 }));
    } else run = null;
  }
  const expected = expectedPerHour === null ? 0 : ((toMs - startMs) / HOUR_MS) * expectedPerHour;
  const percentOf = (got: number, wanted: number) =>
    wanted > 0 ? Math.min(100, (100 * got) / wanted) : null;
  const percent = startMs < toMs ? (percentOf(samples, expected) ?? 0) : null;
  return {
    streamId: stream.stream_id,
    dataType: stream.data_type,
    sensors: stream.sensors ? stream.sensors.split(', ') : [],
    expectedPerHour,
    basis,
    rateHz: rate,
    percentOfContinuous:
      rate > 0 && percent !== null
        ? (percentOf(samples, ((toMs - startMs) / HOUR_MS) * rate * 3600) ?? 0)
        : null,
    samples,
    expected,
    percent,
    gaps: [...gaps].sort((a, b) => b.hours - a.hours).slice(0, LISTED_GAPS),
    gapCount: gaps.length,
    hoursMissing,
    daily: dailyExpected.map((wanted, day) => percentOf(dailySamples[day] ?? 0, wanted)),
  };
}
