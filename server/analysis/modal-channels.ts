import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';

/** A vertical accelerometer's stream and where its sensor sits on the span (decision 057). */
export interface ModalChannel {
  datastreamId: number;
  streamId: string;
  chainageM: number;
}

export interface ModalSpan {
  spanId: number;
  label: string;
  lengthM: number;
  /** By chainage. */
  channels: ModalChannel[];
}

/** A shape needs three points along the span at least (decision 059). */
export const MIN_MODAL_CHANNELS = 3;

/**
 * The span with the most active vertical accelerometers whose chainage is recorded, each fed
 * to exactly one acceleration stream; null when no span has three. Sensors without a position
 * are left out: their place in a shape would be a guess.
 */
export async function modalSpanOf(db: Db, bridgeId: number): Promise<ModalSpan | null> {
  const best = await bestPlacedSpan(db, bridgeId);
  return best && best.channels.length >= MIN_MODAL_CHANNELS ? best : null;
}

/** The span with the most such accelerometers, however few (none: null). */
export async function bestPlacedSpan(db: Db, bridgeId: number): Promise<ModalSpan | null> {
  const rows = rowsOf<{
    span_id: number;
    label: string;
    length: number;
    datastream_id: number;
    stream_id: string;
    chainage_m: number;
  }>(
    await db.execute(sql`
      SELECT s.span_id, sp.label, sp.length::float8 AS length, d.id AS datastream_id, d.stream_id,
             s.chainage_m
      FROM sensors s
      JOIN spans sp ON sp.id = s.span_id
      JOIN datastream_sensors ds ON ds.sensor_id = s.id
      JOIN datastreams d ON d.id = ds.datastream_id
      WHERE s.bridge_id = ${bridgeId} AND s.type = 'accelerometer' AND s.status = 'active'
        AND s.direction = 'vertical' AND s.chainage_m IS NOT NULL
        AND d.data_type = 'acceleration'
        AND (SELECT count(*) FROM datastream_sensors o WHERE o.datastream_id = d.id) = 1
      ORDER BY s.span_id, s.chainage_m, d.id`),
  );
  const spans = new Map<number, ModalSpan>();
  for (const row of rows) {
    const spanId = Number(row.span_id);
    const span = spans.get(spanId) ?? {
      spanId,
      label: row.label,
      lengthM: Number(row.length),
      channels: [],
    };
    span.channels.push({
      datastreamId: Number(row.datastream_id),
      streamId: row.stream_id,
      chainageM: Number(row.chainage_m),
    });
    spans.set(spanId, span);
  }
  return [...spans.values()].sort((a, b) => b.channels.length - a.channels.length)[0] ?? null;
}
