import { and, asc, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DisagreementKind } from '../../domain/twin-disagreement.ts';
import type { Db } from '../db/client.ts';
import { datastreams, sensorDisagreements } from '../db/schema.ts';

/** One twin pair the analysis found disagreeing (decision 068), the pair in name order. */
export interface FoundDisagreement {
  datastreamIds: readonly [number, number];
  onsetMs: number;
  /** Absent: 'gain' (decision 068's pairs, found before there were kinds). */
  kind?: DisagreementKind;
  /** 'gain': the first gauge's response against the second's, in % (+10: 10 % larger). */
  ratioChangePercent: number | null;
  /** 'offset': the step in µε; 'drift': µε/h; the first gauge's against the second's. */
  size?: number | null;
  detail: string;
}

/** One episode of a pair as stored: times in the data, `clearedMs` null while it lasts. */
export interface StoredDisagreement {
  id: number;
  datastreamIds: [number, number];
  streamIds: [string, string];
  sinceMs: number;
  lastSeenMs: number;
  clearedMs: number | null;
  kind: DisagreementKind;
  ratioChangePercent: number | null;
  size: number | null;
  detail: string;
}

const twin = alias(datastreams, 'twin');

const columns = {
  id: sensorDisagreements.id,
  datastreamId: sensorDisagreements.datastreamId,
  twinDatastreamId: sensorDisagreements.twinDatastreamId,
  streamId: datastreams.streamId,
  twinStreamId: twin.streamId,
  since: sensorDisagreements.since,
  lastSeenAt: sensorDisagreements.lastSeenAt,
  clearedAt: sensorDisagreements.clearedAt,
  kind: sensorDisagreements.kind,
  ratioChangePercent: sensorDisagreements.ratioChangePercent,
  size: sensorDisagreements.size,
  detail: sensorDisagreements.detail,
};

interface Row {
  id: number;
  datastreamId: number;
  twinDatastreamId: number;
  streamId: string;
  twinStreamId: string;
  since: Date;
  lastSeenAt: Date;
  clearedAt: Date | null;
  kind: string;
  ratioChangePercent: number | null;
  size: number | null;
  detail: string;
}

const toStored = (row: Row): StoredDisagreement => ({
  id: row.id,
  datastreamIds: [row.datastreamId, row.twinDatastreamId],
  streamIds: [row.streamId, row.twinStreamId],
  sinceMs: row.since.getTime(),
  lastSeenMs: row.lastSeenAt.getTime(),
  clearedMs: row.clearedAt?.getTime() ?? null,
  // The column's check admits only these.
  kind: row.kind as DisagreementKind,
  ratioChangePercent: row.ratioChangePercent,
  size: row.size,
  detail: row.detail,
});

const pairKey = (ids: readonly [number, number], kind: string) => `${ids[0]}:${ids[1]}:${kind}`;

/**
 * Twin pairs that disagree, kept between evaluations (issue 30, decisions 068 and 074): an
 * evaluation sees only its last day, so without these a past month's report could not say which
 * pairs disagreed in it.
 */
export function createSensorDisagreementsRepository(db: Db) {
  function select() {
    return db
      .select(columns)
      .from(sensorDisagreements)
      .innerJoin(datastreams, eq(datastreams.id, sensorDisagreements.datastreamId))
      .innerJoin(twin, eq(twin.id, sensorDisagreements.twinDatastreamId));
  }

  async function openOf(bridgeId: number): Promise<StoredDisagreement[]> {
    const rows = await select()
      .where(and(eq(sensorDisagreements.bridgeId, bridgeId), isNull(sensorDisagreements.clearedAt)))
      .orderBy(asc(sensorDisagreements.since), asc(sensorDisagreements.id));
    return rows.map(toStored);
  }

  return {
    openOf,

    /**
     * The open episodes (not cleared) of pairs either of these data streams is in, by onset:
     * the Bridge Management data streams table's twin marks (decision 074, 2026-12-01).
     */
    async openOfStreams(datastreamIds: readonly number[]): Promise<StoredDisagreement[]> {
      if (datastreamIds.length === 0) return [];
      const ids = [...datastreamIds];
      const rows = await select()
        .where(
          and(
            isNull(sensorDisagreements.clearedAt),
            or(
              inArray(sensorDisagreements.datastreamId, ids),
              inArray(sensorDisagreements.twinDatastreamId, ids),
            ),
          ),
        )
        .orderBy(asc(sensorDisagreements.since), asc(sensorDisagreements.id));
      return rows.map(toStored);
    },

    /**
     * Records one evaluation's pairs, its data ending at `dataUntilMs`, and returns those open
     * after it. A pair already open is the same episode: its onset stays the first one estimated
     * (each evaluation re-estimates it within its own day) and its measure and words become the
     * latest. A pair's episodes are kept
     * per kind (a gain change and a step are two findings). An open pair not found again is cleared at `dataUntilMs`: it agrees again, or one
     * of the two was found faulty by its own checks (decision 074).
     */
    async record(
      bridgeId: number,
      found: readonly FoundDisagreement[],
      dataUntilMs: number,
      now: Date,
    ): Promise<StoredDisagreement[]> {
      const until = new Date(dataUntilMs);
      // One analysis of a bridge runs at a time (its job's lock), and the open-pair index
      // refuses a second open episode of a pair, so no transaction is needed here.
      const open = await db
        .select({
          id: sensorDisagreements.id,
          datastreamId: sensorDisagreements.datastreamId,
          twinDatastreamId: sensorDisagreements.twinDatastreamId,
          kind: sensorDisagreements.kind,
        })
        .from(sensorDisagreements)
        .where(
          and(eq(sensorDisagreements.bridgeId, bridgeId), isNull(sensorDisagreements.clearedAt)),
        );
      const openByPair = new Map(
        open.map(
          (row) => [pairKey([row.datastreamId, row.twinDatastreamId], row.kind), row.id] as const,
        ),
      );
      const foundKeys = new Set(
        found.map((pair) => pairKey(pair.datastreamIds, pair.kind ?? 'gain')),
      );
      const cleared = open.filter(
        (row) => !foundKeys.has(pairKey([row.datastreamId, row.twinDatastreamId], row.kind)),
      );
      if (cleared.length > 0) {
        await db
          .update(sensorDisagreements)
          .set({ clearedAt: until })
          .where(
            inArray(
              sensorDisagreements.id,
              cleared.map((row) => row.id),
            ),
          );
      }
      for (const pair of found) {
        const id = openByPair.get(pairKey(pair.datastreamIds, pair.kind ?? 'gain'));
        const measure = {
          ratioChangePercent: pair.ratioChangePercent,
          size: pair.size ?? null,
          detail: pair.detail,
        };
        if (id !== undefined) {
          await db
            .update(sensorDisagreements)
            .set({ ...measure, lastSeenAt: until })
            .where(eq(sensorDisagreements.id, id));
          continue;
        }
        await db.insert(sensorDisagreements).values({
          ...measure,
          kind: pair.kind ?? 'gain',
          bridgeId,
          datastreamId: pair.datastreamIds[0],
          twinDatastreamId: pair.datastreamIds[1],
          since: new Date(pair.onsetMs),
          detectedAt: now,
          lastSeenAt: until,
        });
      }
      return openOf(bridgeId);
    },

    /** The bridge's pairs whose episode overlaps [fromMs, toMs) (a month's report), oldest first. */
    async ofPeriod(
      bridgeId: number,
      fromMs: number,
      toMs: number,
      limit: number,
    ): Promise<StoredDisagreement[]> {
      const rows = await select()
        .where(
          and(
            eq(sensorDisagreements.bridgeId, bridgeId),
            lt(sensorDisagreements.since, new Date(toMs)),
            or(
              isNull(sensorDisagreements.clearedAt),
              gte(sensorDisagreements.clearedAt, new Date(fromMs)),
            ),
          ),
        )
        .orderBy(asc(sensorDisagreements.since), asc(datastreams.streamId))
        .limit(limit);
      return rows.map(toStored);
    },
  };
}

export type SensorDisagreementsRepository = ReturnType<typeof createSensorDisagreementsRepository>;
