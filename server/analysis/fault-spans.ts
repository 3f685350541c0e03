import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import type { SensorFaultsRepository } from '../repositories/sensor-faults-repository.ts';
import type { BridgeStream } from './bridge-streams.ts';
import type { Interval } from './training-exclusions.ts';

/**
 * Data stream id → the spans of its data that a sensor fault makes untrustworthy (decision 048,
 * "From the onset"): from each fault's onset to its end, or on while it is in force. Before the
 * onset the stream's data is good and is judged like any other. Only streams with a span are
 * keys.
 */
export type FaultSpans = ReadonlyMap<number, readonly Interval[]>;

/** The fault spans of these streams that overlap [from, to). One query per stream. */
export async function faultSpansOf(
  faults: Pick<SensorFaultsRepository, 'faultyIntervals'>,
  streams: readonly BridgeStream[],
  range: { from: number; to: number },
): Promise<FaultSpans> {
  const spans = new Map<number, Interval[]>();
  for (const stream of streams) {
    const intervals = await faults.faultyIntervals(stream.id, range.from, range.to);
    if (intervals.length === 0) continue;
    spans.set(
      stream.id,
      intervals.map((i) => ({ from: i.fromMs, to: i.toMs ?? Number.POSITIVE_INFINITY })),
    );
  }
  return spans;
}

/**
 * The earliest onset of the stored faults still in force (not ended) on each of these streams,
 * among those with an onset before `atMs`: a fault an earlier evaluation found and this one did
 * not find again (a lasting drift, offset or gain stays until its sensor is serviced). Only open
 * faults: a fault's end is the wall-clock time it was found over, not a time in the data.
 */
export async function faultsInForce(
  db: Db,
  streams: readonly BridgeStream[],
  atMs: number,
): Promise<{ datastreamId: number; onsetMs: number }[]> {
  if (streams.length === 0) return [];
  const ids = sql.join(
    streams.map((s) => sql`${s.id}`),
    sql`, `,
  );
  const rows = rowsOf<{ id: number; onset: number }>(
    await db.execute(sql`
      SELECT datastream_id AS id, (extract(epoch FROM min(onset)) * 1000)::float8 AS onset
      FROM sensor_faults
      WHERE datastream_id IN (${ids}) AND ended_at IS NULL
        AND onset < ${new Date(atMs).toISOString()}::timestamptz
      GROUP BY datastream_id`),
  );
  return rows.map((r) => ({ datastreamId: Number(r.id), onsetMs: Number(r.onset) }));
}
