import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { fatigueDetails, sensors } from '../db/schema.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import type { DayHistogram, DetailSettings } from './fatigue-status.ts';

export type FatigueDetailRow = typeof fatigueDetails.$inferSelect;

/** What staff set on a detail: the counting settings and what describes it (its material). */
export type StoredDetailSettings = DetailSettings & { material: string };

export interface DetailWithData {
  row: FatigueDetailRow;
  sensorLabel: string;
  streamId: string | null;
  datastreamId: number | null;
  countedThrough: string | null;
  days: DayHistogram[];
}

/** Fatigue details and the daily histograms of the strain streams their gauges feed. */
export function createFatigueRepository(db: Db) {
  /** The first strain stream a gauge feeds (a gauge normally feeds one). */
  async function streamOf(sensorId: number) {
    const [row] = rowsOf<{ id: number; stream_id: string; counted_through: string | null }>(
      await db.execute(sql`
        SELECT d.id, d.stream_id, c.counted_through::text AS counted_through
        FROM datastream_sensors ds
        JOIN datastreams d ON d.id = ds.datastream_id AND d.data_type = 'strain'
        LEFT JOIN fatigue_counters c ON c.datastream_id = d.id
        WHERE ds.sensor_id = ${sensorId}
        ORDER BY d.id LIMIT 1`),
    );
    return row
      ? { id: Number(row.id), streamId: row.stream_id, countedThrough: row.counted_through }
      : null;
  }

  async function daysOf(datastreamId: number, from?: string, to?: string): Promise<DayHistogram[]> {
    const rows = rowsOf<{ day: string; bin_width: number; bins: [number, number][] }>(
      await db.execute(sql`
        SELECT day::text AS day, bin_width, bins FROM fatigue_histograms
        WHERE datastream_id = ${datastreamId}
          AND (${from ?? null}::date IS NULL OR day >= ${from ?? null}::date)
          AND (${to ?? null}::date IS NULL OR day <= ${to ?? null}::date)
        ORDER BY day`),
    );
    return rows.map((r) => ({ day: r.day, binWidth: Number(r.bin_width), bins: r.bins }));
  }

  return {
    async upsert(sensorId: number, settings: StoredDetailSettings): Promise<FatigueDetailRow> {
      const values = { ...settings, updatedAt: new Date() };
      const [row] = await db
        .insert(fatigueDetails)
        .values({ sensorId, ...values })
        .onConflictDoUpdate({ target: fatigueDetails.sensorId, set: values })
        .returning();
      if (!row) throw new Error('upsert into fatigue_details returned no row');
      return row;
    },

    async remove(sensorId: number): Promise<boolean> {
      const removed = await db
        .delete(fatigueDetails)
        .where(eq(fatigueDetails.sensorId, sensorId))
        .returning({ id: fatigueDetails.sensorId });
      return removed.length > 0;
    },

    /** Every detail on the bridge with its gauge's counted days, by sensor label. */
    async ofBridge(bridgeId: number): Promise<DetailWithData[]> {
      const rows = await db
        .select({ row: fatigueDetails, label: sensors.label })
        .from(fatigueDetails)
        .innerJoin(sensors, eq(sensors.id, fatigueDetails.sensorId))
        .where(and(eq(sensors.bridgeId, bridgeId)))
        .orderBy(sensors.label);
      const out: DetailWithData[] = [];
      for (const { row, label } of rows) {
        const stream = await streamOf(row.sensorId);
        out.push({
          row,
          sensorLabel: label,
          streamId: stream?.streamId ?? null,
          datastreamId: stream?.id ?? null,
          countedThrough: stream?.countedThrough ?? null,
          days: stream ? await daysOf(stream.id) : [],
        });
      }
      return out;
    },
  };
}

export type FatigueRepository = ReturnType<typeof createFatigueRepository>;
