import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  LASTING_FAULT_KINDS,
  SENSOR_FAULT_KINDS,
  type SensorFaultKind,
} from '../../domain/sensor-faults.ts';
import type { Db } from '../db/client.ts';
import { datastreams, sensorFaults } from '../db/schema.ts';

/** One fault as the analysis found it on one stream. */
export interface FoundSensorFault {
  datastreamId: number;
  kind: SensorFaultKind;
  onsetMs: number;
  reason: string;
}

export interface StoredSensorFault extends FoundSensorFault {
  id: number;
  streamId: string;
  detectedAt: Date;
  endedAt: Date | null;
}

/** A span of a stream's data not to be believed: [fromMs, toMs), toMs null while in force. */
export interface FaultyInterval {
  kind: SensorFaultKind;
  fromMs: number;
  toMs: number | null;
}

const isKind = (kind: string): kind is SensorFaultKind =>
  (SENSOR_FAULT_KINDS as readonly string[]).includes(kind);

const columns = {
  id: sensorFaults.id,
  datastreamId: sensorFaults.datastreamId,
  streamId: datastreams.streamId,
  kind: sensorFaults.kind,
  onset: sensorFaults.onset,
  detectedAt: sensorFaults.detectedAt,
  reason: sensorFaults.reason,
  endedAt: sensorFaults.endedAt,
};

function toStored(row: {
  id: number;
  datastreamId: number;
  streamId: string;
  kind: string;
  onset: Date;
  detectedAt: Date;
  reason: string;
  endedAt: Date | null;
}): StoredSensorFault[] {
  if (!isKind(row.kind)) return [];
  return [{ ...row, kind: row.kind, onsetMs: row.onset.getTime() }];
}

/**
 * The stored sensor faults (issue 30, decision 048). The analysis records what it found on each
 * evaluation; a fault stays in force until it ends, and the detector, the limits and the fatigue
 * counting leave its stream out from its onset.
 */
export function createSensorFaultsRepository(db: Db) {
  async function openOf(bridgeId: number): Promise<StoredSensorFault[]> {
    const rows = await db
      .select(columns)
      .from(sensorFaults)
      .innerJoin(datastreams, eq(datastreams.id, sensorFaults.datastreamId))
      .where(and(eq(sensorFaults.bridgeId, bridgeId), isNull(sensorFaults.endedAt)))
      .orderBy(asc(sensorFaults.onset), asc(sensorFaults.id));
    return rows.flatMap(toStored);
  }

  return {
    openOf,

    /**
     * Records one evaluation's findings of a bridge and returns the faults in force after it.
     * A finding of a kind already open on its stream (from an earlier or equal onset) is the same
     * episode, not a new fault. An open fault not found again ends now, unless it is of a lasting
     * kind (drift, offset, gain): those end only when `servicedSince` (data stream id → epoch ms
     * of the last maintenance of its sensor) is after their onset.
     */
    async record(
      bridgeId: number,
      found: readonly FoundSensorFault[],
      servicedSince: ReadonlyMap<number, number>,
      now: Date,
    ): Promise<StoredSensorFault[]> {
      const open = await openOf(bridgeId);
      const key = (f: { datastreamId: number; kind: string }) => `${f.datastreamId}:${f.kind}`;
      const foundKeys = new Set(found.map(key));
      const ending = open.filter((fault) => {
        const serviced = servicedSince.get(fault.datastreamId) ?? -Infinity;
        if (serviced > fault.onsetMs) return true;
        return !LASTING_FAULT_KINDS.has(fault.kind) && !foundKeys.has(key(fault));
      });
      if (ending.length > 0) {
        await db
          .update(sensorFaults)
          .set({ endedAt: now })
          .where(
            inArray(
              sensorFaults.id,
              ending.map((f) => f.id),
            ),
          );
      }
      const stillOpen = new Map(
        open.filter((f) => !ending.includes(f)).map((f) => [key(f), f] as const),
      );
      // Several episodes of one kind in the span read are one fault from the earliest onset.
      const earliest = new Map<string, FoundSensorFault>();
      for (const f of found) {
        const serviced = servicedSince.get(f.datastreamId) ?? -Infinity;
        if (stillOpen.has(key(f)) || !(f.onsetMs >= serviced)) continue;
        const known = earliest.get(key(f));
        if (!known || f.onsetMs < known.onsetMs) earliest.set(key(f), f);
      }
      const fresh = [...earliest.values()];
      if (fresh.length > 0) {
        await db
          .insert(sensorFaults)
          .values(
            fresh.map((f) => ({
              bridgeId,
              datastreamId: f.datastreamId,
              kind: f.kind,
              onset: new Date(f.onsetMs),
              detectedAt: now,
              reason: f.reason,
            })),
          )
          .onConflictDoUpdate({
            target: [sensorFaults.datastreamId, sensorFaults.kind, sensorFaults.onset],
            set: { endedAt: sql`NULL`, reason: sql`excluded.reason` },
          });
      }
      return openOf(bridgeId);
    },

    /**
     * The spans of one stream's data that a sensor fault makes untrustworthy and that overlap
     * [fromMs, toMs), oldest first: for the fatigue counting (issue 30) and any reader that must
     * skip faulty data. An interval still in force has `toMs` null.
     */
    async faultyIntervals(
      datastreamId: number,
      fromMs: number,
      toMs: number,
    ): Promise<FaultyInterval[]> {
      const rows = await db
        .select({
          kind: sensorFaults.kind,
          onset: sensorFaults.onset,
          endedAt: sensorFaults.endedAt,
        })
        .from(sensorFaults)
        .where(
          and(
            eq(sensorFaults.datastreamId, datastreamId),
            lt(sensorFaults.onset, new Date(toMs)),
            or(isNull(sensorFaults.endedAt), gte(sensorFaults.endedAt, new Date(fromMs))),
          ),
        )
        .orderBy(asc(sensorFaults.onset));
      return rows.flatMap((row) =>
        isKind(row.kind)
          ? [
              {
                kind: row.kind,
                fromMs: row.onset.getTime(),
                toMs: row.endedAt?.getTime() ?? null,
              },
            ]
          : [],
      );
    },

    /** The bridge's faults whose episode overlaps [fromMs, toMs) (a month's report). */
    async ofPeriod(bridgeId: number, fromMs: number, toMs: number): Promise<StoredSensorFault[]> {
      const rows = await db
        .select(columns)
        .from(sensorFaults)
        .innerJoin(datastreams, eq(datastreams.id, sensorFaults.datastreamId))
        .where(
          and(
            eq(sensorFaults.bridgeId, bridgeId),
            lt(sensorFaults.onset, new Date(toMs)),
            or(isNull(sensorFaults.endedAt), gte(sensorFaults.endedAt, new Date(fromMs))),
          ),
        )
        .orderBy(asc(sensorFaults.onset), asc(datastreams.streamId));
      return rows.flatMap(toStored);
    },
  };
}

export type SensorFaultsRepository = ReturnType<typeof createSensorFaultsRepository>;
