import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bridgeFatigueSettings, fatigueDetails, sensors, spans } from '../db/schema.ts';
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
  /** Length of the gauge's span, m (the rate check's load duration). */
  spanLengthM: number | null;
  /** The bridge's yearly traffic growth, percent (0 when not set). */
  trafficGrowthPercent: number;
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
    const rows = rowsOf<{
      day: string;
      bin_width: number;
      bins: [number, number][];
      monitored_seconds: number | null;
      sample_rate_hz: number | null;
      highpass_hz: number | null;
      excluded_samples: number | null;
      stretches: number | null;
      recounted_on: string | null;
    }>(
      await db.execute(sql`
        SELECT day::text AS day, bin_width, bins, monitored_seconds, sample_rate_hz, highpass_hz,
               excluded_samples::float8 AS excluded_samples, stretches,
               to_char(recounted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS recounted_on
        FROM fatigue_histograms
        WHERE datastream_id = ${datastreamId}
          AND (${from ?? null}::date IS NULL OR day >= ${from ?? null}::date)
          AND (${to ?? null}::date IS NULL OR day <= ${to ?? null}::date)
        ORDER BY day`),
    );
    const orNull = (x: number | null) => (x === null ? null : Number(x));
    return rows.map((r) => ({
      day: r.day,
      binWidth: Number(r.bin_width),
      bins: r.bins,
      monitoredSeconds: orNull(r.monitored_seconds),
      sampleRateHz: orNull(r.sample_rate_hz),
      highpassHz: orNull(r.highpass_hz),
      excludedSamples: orNull(r.excluded_samples),
      stretches: orNull(r.stretches),
      recountedOn: r.recounted_on,
    }));
  }

  /** The bridge's yearly traffic growth in percent; 0 when never set. */
  async function trafficGrowth(bridgeId: number): Promise<number> {
    const [row] = await db
      .select({ growth: bridgeFatigueSettings.trafficGrowthPercent })
      .from(bridgeFatigueSettings)
      .where(eq(bridgeFatigueSettings.bridgeId, bridgeId));
    return row?.growth ?? 0;
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

    trafficGrowth,

    async setTrafficGrowth(bridgeId: number, percent: number): Promise<number> {
      const values = { trafficGrowthPercent: percent, updatedAt: new Date() };
      const [row] = await db
        .insert(bridgeFatigueSettings)
        .values({ bridgeId, ...values })
        .onConflictDoUpdate({ target: bridgeFatigueSettings.bridgeId, set: values })
        .returning();
      if (!row) throw new Error('upsert into bridge_fatigue_settings returned no row');
      return row.trafficGrowthPercent;
    },

    /** Every detail on the bridge with its gauge's counted days, by sensor label. */
    async ofBridge(bridgeId: number): Promise<DetailWithData[]> {
      const rows = await db
        .select({ row: fatigueDetails, label: sensors.label, spanLength: spans.length })
        .from(fatigueDetails)
        .innerJoin(sensors, eq(sensors.id, fatigueDetails.sensorId))
        .innerJoin(spans, eq(spans.id, sensors.spanId))
        .where(and(eq(sensors.bridgeId, bridgeId)))
        .orderBy(sensors.label);
      const trafficGrowthPercent = await trafficGrowth(bridgeId);
      const out: DetailWithData[] = [];
      for (const { row, label, spanLength } of rows) {
        const stream = await streamOf(row.sensorId);
        out.push({
          row,
          sensorLabel: label,
          streamId: stream?.streamId ?? null,
          datastreamId: stream?.id ?? null,
          countedThrough: stream?.countedThrough ?? null,
          days: stream ? await daysOf(stream.id) : [],
          spanLengthM: spanLength,
          trafficGrowthPercent,
        });
      }
      return out;
    },
  };
}

export type FatigueRepository = ReturnType<typeof createFatigueRepository>;
