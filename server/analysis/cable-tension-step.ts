import { and, asc, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import {
  CHANGE_WINDOWS,
  type CableSettings,
  judgeTension,
  REFERENCE_WINDOWS,
  type TensionBreach,
} from '../../domain/cable.ts';
import { estimateCableTension } from '../analytics/modal/cable-harmonics.ts';
import { sampleGrid } from '../analytics/sensor-validation/recent-faults.ts';
import type { Db } from '../db/client.ts';
import { intArray, rowsOf } from '../db/pg-arrays.ts';
import { cableTensions, datastreamSensors, datastreams, sensors } from '../db/schema.ts';
import { loadBlocks } from './bridge-streams.ts';
import { cableRecord, MIN_CABLE_RUN_SAMPLES } from './cable-record.ts';
import { commonRate } from './modal-tracking.ts';
import { WINDOW_SECONDS } from './dataset-plan.ts';
import type { FaultSpans } from './fault-spans.ts';
import { alignToWindow } from './window-dataset.ts';

const WINDOW_MS = WINDOW_SECONDS * 1000;
const DAY_MS = 86_400_000;
/** Windows estimated per cable and evaluation at most: a day (a few ms of CPU each). */
export const MAX_CABLE_WINDOWS = 144;
/** Cables judged per bridge at most, so one evaluation's work stays bounded. */
export const MAX_CABLES = 50;
/** Below this rate a stay's fifth harmonic (a few Hz) is out of the band. */
const MIN_CABLE_RATE_HZ = 5;

export interface CableOfBridge {
  sensorId: number;
  label: string;
  datastreamId: number;
  streamId: string;
  cable: CableSettings;
}

export type CableTensionBreach = TensionBreach & {
  datastreamId: number;
  sensorId: number;
  severity: 'High' | 'Critical';
};

/** The bridge's sensors on a cable with the accelerometer stream each feeds (its first). */
export async function cablesOfBridge(db: Db, bridgeId: number): Promise<CableOfBridge[]> {
  const rows = await db
    .select({
      sensorId: sensors.id,
      label: sensors.label,
      cable: sensors.cable,
      datastreamId: datastreams.id,
      streamId: datastreams.streamId,
    })
    .from(sensors)
    .innerJoin(datastreamSensors, eq(datastreamSensors.sensorId, sensors.id))
    .innerJoin(datastreams, eq(datastreams.id, datastreamSensors.datastreamId))
    .where(
      and(
        eq(sensors.bridgeId, bridgeId),
        isNotNull(sensors.cable),
        eq(sensors.type, 'accelerometer'),
        sql`${sensors.status} <> 'inactive'`,
      ),
    )
    .orderBy(asc(sensors.id), asc(datastreams.id));
  const seen = new Set<number>();
  const cables: CableOfBridge[] = [];
  for (const row of rows) {
    if (seen.has(row.sensorId) || !row.cable) continue;
    seen.add(row.sensorId);
    cables.push({ ...row, cable: row.cable });
  }
  return cables.slice(0, MAX_CABLES);
}

/** One cable's newest windows not yet estimated, estimated and stored. */
async function estimateWindows(
  db: Db,
  bridgeId: number,
  cable: CableOfBridge,
  newestMs: number,
  faultSpans: FaultSpans,
  evaluatedAt: Date,
): Promise<void> {
  const end = alignToWindow(newestMs + 1000);
  const [stored] = await db
    .select({ newest: cableTensions.windowStart })
    .from(cableTensions)
    .where(eq(cableTensions.sensorId, cable.sensorId))
    .orderBy(desc(cableTensions.windowStart))
    .limit(1);
  const after = stored ? stored.newest.getTime() + WINDOW_MS : Number.NEGATIVE_INFINITY;
  const first = Math.max(after, end - MAX_CABLE_WINDOWS * WINDOW_MS);
  const faulty = faultSpans.get(cable.datastreamId) ?? [];
  const spec = {
    lengthM: cable.cable.length_m,
    massPerM: cable.cable.mass_per_m,
    ...(cable.cable.bending_stiffness_nm2
      ? { bendingStiffnessNm2: cable.cable.bending_stiffness_nm2 }
      : {}),
  };
  for (let from = first; from + WINDOW_MS <= end; from += WINDOW_MS) {
    const to = from + WINDOW_MS;
    // A stream with a sensor fault in force is judged by nothing (decision 048).
    if (faulty.some((span) => span.from < to && span.to > from)) continue;
    const blocks = await loadBlocks(db, [cable.datastreamId], from, to);
    if (blocks.length === 0) continue;
    const rateHz = commonRate(blocks);
    const base = {
      bridgeId,
      sensorId: cable.sensorId,
      datastreamId: cable.datastreamId,
      windowStart: new Date(from),
      evaluatedAt,
    };
    if (rateHz < MIN_CABLE_RATE_HZ) {
      await store(db, {
        ...base,
        harmonics: [],
        note: `sampled at ${rateHz} Hz: too slow for a cable's harmonics`,
      });
      continue;
    }
    const record = cableRecord(sampleGrid(blocks, rateHz, from, to));
    if (record.kind === 'too-short') {
      await store(db, { ...base, harmonics: [], note: tooShortNote(record.longestRun, rateHz) });
      continue;
    }
    let result: ReturnType<typeof estimateCableTension>;
    try {
      result = estimateCableTension(record.samples, rateHz, spec);
    } catch (error) {
      // Fewer samples than one spectrum segment: nothing to estimate in this window.
      if (error instanceof RangeError) continue;
      throw error;
    }
    const harmonics = result.harmonics.map((h) => ({
      order: h.order,
      frequency_hz: h.frequencyHz,
    }));
    await store(
      db,
      result.kind === 'estimated'
        ? {
            ...base,
            harmonics,
            tensionN: result.tensionN,
            uncertaintyN: result.uncertaintyN,
            method: result.method,
          }
        : { ...base, harmonics, note: result.reason },
    );
  }
}

function tooShortNote(longestRun: number, rateHz: number): string {
  const seconds = (n: number) => `${Math.round(n / rateHz)} s`;
  return `only ${seconds(longestRun)} recorded without a gap; at least ${seconds(MIN_CABLE_RUN_SAMPLES)} are needed for a tension`;
}

async function store(db: Db, row: typeof cableTensions.$inferInsert): Promise<void> {
  await db.insert(cableTensions).values(row).onConflictDoNothing();
}

/**
 * The reference tension in force, kN: the one set on the cable, else the mean of its first
 * stored day's tensions (REFERENCE_WINDOWS windows, at least CHANGE_MIN_WINDOWS of them).
 */
export async function referenceTensionKn(
  db: Db,
  sensorId: number,
  cable: CableSettings,
): Promise<number | null> {
  return (await referenceTensionsKn(db, [{ sensorId, cable }])).get(sensorId) ?? null;
}

/**
 * referenceTensionKn for several cables in one statement (the report's cables): the first
 * stored day of each cable without a set reference read through its (sensor, window) index.
 */
export async function referenceTensionsKn(
  db: Db,
  cables: readonly Pick<CableOfBridge, 'sensorId' | 'cable'>[],
): Promise<Map<number, number | null>> {
  const references = new Map(
    cables.map((c) => [c.sensorId, c.cable.reference_tension_kn ?? null] as const),
  );
  const learnt = cables.filter((c) => c.cable.reference_tension_kn == null).map((c) => c.sensorId);
  if (learnt.length === 0) return references;
  const rows = rowsOf<{ sensor_id: number; mean: number | null; n: number }>(
    await db.execute(sql`
      SELECT s.id AS sensor_id, avg(f.tension_n)::float8 AS mean, count(f.tension_n)::int AS n
      FROM unnest(${intArray(learnt)}::int[]) AS s(id)
      CROSS JOIN LATERAL (
        SELECT tension_n FROM cable_tensions
        WHERE sensor_id = s.id AND tension_n IS NOT NULL
        ORDER BY window_start LIMIT ${REFERENCE_WINDOWS}) AS f
      GROUP BY s.id`),
  );
  for (const row of rows) {
    const enough = row.mean !== null && row.n >= REFERENCE_WINDOWS;
    references.set(row.sensor_id, enough && row.mean !== null ? row.mean / 1000 : null);
  }
  return references;
}

/** The cable's newest tension and the mean of its last day, judged against its limits. */
async function judgeCable(db: Db, cable: CableOfBridge): Promise<CableTensionBreach[]> {
  const [newest] = await db
    .select()
    .from(cableTensions)
    .where(and(eq(cableTensions.sensorId, cable.sensorId), isNotNull(cableTensions.tensionN)))
    .orderBy(desc(cableTensions.windowStart))
    .limit(1);
  if (!newest || newest.tensionN === null) return [];
  const newestMs = newest.windowStart.getTime();
  const [day] = await db
    .select({
      mean: sql<number | null>`avg(${cableTensions.tensionN})::float8`,
      n: sql<number>`count(${cableTensions.tensionN})::int`,
    })
    .from(cableTensions)
    .where(
      and(
        eq(cableTensions.sensorId, cable.sensorId),
        gt(cableTensions.windowStart, new Date(newestMs + WINDOW_MS - DAY_MS)),
        sql`${cableTensions.windowStart} <= ${newest.windowStart}`,
      ),
    );
  const reference = await referenceTensionKn(db, cable.sensorId, cable.cable);
  const breaches = judgeTension(
    cable.cable,
    {
      windowStart: newestMs,
      tensionKn: newest.tensionN / 1000,
      uncertaintyKn: newest.uncertaintyN === null ? null : newest.uncertaintyN / 1000,
    },
    day && day.mean !== null
      ? { meanKn: day.mean / 1000, windows: Math.min(day.n, CHANGE_WINDOWS), to: newestMs }
      : null,
    reference,
    { sensorLabel: cable.label, streamId: cable.streamId },
  );
  return breaches.map((b) => ({
    ...b,
    datastreamId: cable.datastreamId,
    sensorId: cable.sensorId,
    // Twice past the limit's own size: Critical (our choice, decision 079).
    severity:
      b.side === 'change'
        ? Math.abs(b.value) > 2 * b.limit
          ? 'Critical'
          : 'High'
        : Math.abs(b.value - b.limit) > 0.1 * b.limit
          ? 'Critical'
          : 'High',
  }));
}

/**
 * Issue 31's cable tension, every evaluation (decision 079): for each sensor on a stay or
 * hanger, the newest 10-minute windows of its accelerometer not yet estimated (a day at most)
 * get a tension from their harmonic series (or a note why not), stored; then the cable's newest
 * tension and last day's mean are judged against its limits. Runs in the analysis worker.
 */
export async function trackCableTensions(
  db: Db,
  bridgeId: number,
  options: { newestMs: number; faultSpans: FaultSpans; evaluatedAt?: Date },
): Promise<CableTensionBreach[]> {
  const cables = await cablesOfBridge(db, bridgeId);
  const breaches: CableTensionBreach[] = [];
  for (const cable of cables) {
    await estimateWindows(
      db,
      bridgeId,
      cable,
      options.newestMs,
      options.faultSpans,
      options.evaluatedAt ?? new Date(),
    );
    breaches.push(...(await judgeCable(db, cable)));
  }
  return breaches;
}
