import { inArray, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { datastreamSensors, datastreams, sensors } from '../db/schema.ts';
import type { DeadLetter, DeadLettersRepository } from '../repositories/dead-letters-repository.ts';
import type { ReadingsRepository } from '../readings/readings-repository.ts';
import type { Rejection, StreamBlock } from '../readings/block.ts';
import { type Checked, checkItem, checkScanned, streamIdOf } from './block-validation.ts';
import type { ParsedLine } from './bulk-parsers.ts';
import { type Candidate, payloadOf } from './candidate-payload.ts';
import { type TimeBounds, timeBounds } from '../readings/block-limits.ts';
import { type GroupCommitOptions, groupCommit, type StoreBlocks } from './group-commit.ts';
import { storeIsolating } from './isolate-refusals.ts';
import { recordIngest } from '../ops/metrics.ts';
import { createLookupCache } from '../repositories/lookup-cache.ts';

export interface RejectedItem extends Rejection {
  index: number;
  stream_id: string | null;
}

export interface IngestResult {
  accepted_samples: number;
  duplicate_samples: number;
  rejected: RejectedItem[];
}

/** Who sends: a bridge's ingest token or MQTT topic limits the streams; a staff session does not. */
export type IngestScope = { bridgeId: number } | { anyBridge: true };

/** When the items arrive (default now) and how far back they may reach (INGEST_HORIZON_DAYS). */
export interface IngestClock {
  now?: number;
  horizonDays?: number;
}

const streamIdOfCandidate = (c: Candidate | undefined) =>
  c === undefined ? null : streamIdOf('item' in c ? c.item : c.scanned);

interface StreamInfo {
  id: number;
  bridgeIds: Set<number>;
  /** The stream's declared resolution (decision 052); null: its values are stored exactly. */
  resolution: number | null;
}

/**
 * The one path from received items to stored blocks, shared by HTTP and MQTT: check each item,
 * resolve its stream (one query per batch, known streams kept `cacheMs`, lookup-cache.ts),
 * store the valid blocks.
 */
export function createIngestService(
  db: Db,
  readings: ReadingsRepository,
  deadLetters: DeadLettersRepository,
  options: { cacheMs?: number; groupCommit?: GroupCommitOptions } = {},
) {
  const cacheMs = options.cacheMs ?? 0;
  // Items checked per request; their blocks written with other requests' (group-commit.ts).
  const storeBlocks = groupCommit(readings.store, options.groupCommit ?? { windowMs: 0 });
  // The MQTT subscriber batches its messages itself: its batch is written at once.
  const storeBatch: StoreBlocks = (blocks) => storeIsolating(readings.store, blocks);
  const cache = createLookupCache<StreamInfo>('streams', cacheMs);

  async function resolve(labels: string[], now: number): Promise<Map<string, StreamInfo>> {
    const found = new Map<string, StreamInfo>();
    const missing: string[] = [];
    for (const label of new Set(labels)) {
      const hit = cache.get(label, now);
      if (hit) found.set(label, hit);
      else missing.push(label);
    }
    if (missing.length === 0) return found;
    const generation = cache.generation();
    const rows = await db
      .select({
        id: datastreams.id,
        streamId: datastreams.streamId,
        resolution: datastreams.resolution,
        bridgeIds: sql<(number | null)[]>`array_agg(${sensors.bridgeId})`,
      })
      .from(datastreams)
      .leftJoin(datastreamSensors, eq(datastreamSensors.datastreamId, datastreams.id))
      .leftJoin(sensors, eq(sensors.id, datastreamSensors.sensorId))
      .where(inArray(datastreams.streamId, missing))
      .groupBy(datastreams.id);
    for (const row of rows) {
      const info = {
        id: row.id,
        bridgeIds: new Set(row.bridgeIds.filter((b): b is number => b !== null)),
        resolution: row.resolution,
      };
      found.set(row.streamId, info);
      // Only known streams are cached: a stream created a moment ago must be found at once.
      cache.set(row.streamId, info, now, generation);
    }
    return found;
  }

  /** The items that pass their checks, as blocks with their positions; the rest rejected. */
  function check(
    candidates: Candidate[],
    streams: Map<string, StreamInfo>,
    bridgeOf: (index: number) => number | null,
    bounds: TimeBounds,
  ) {
    const rejected: RejectedItem[] = [];
    const valid: StreamBlock[] = [];
    const validIndex: number[] = [];
    const fail = (index: number, rejection: Rejection) =>
      rejected.push({ index, stream_id: streamIdOfCandidate(candidates[index]), ...rejection });
    candidates.forEach((candidate, index) => {
      const checked: Checked =
        'item' in candidate
          ? checkItem(candidate.item, bounds)
          : checkScanned(candidate.scanned, bounds);
      if (!checked.ok) return fail(index, checked.rejection);
      const { streamId } = checked.block;
      const stream = streams.get(streamId);
      const bridgeId = bridgeOf(index);
      // A bridge's credential learns nothing of other bridges' streams: one answer whether the
      // stream exists elsewhere or not at all (issue 37, finding 13).
      if (!stream || (bridgeId !== null && !stream.bridgeIds.has(bridgeId))) {
        const where = bridgeId === null ? '' : ` on bridge ${bridgeId}`;
        return fail(index, {
          reason: 'unknown_stream',
          detail: `no data stream '${streamId}'${where}`,
        });
      }
      valid.push({ datastreamId: stream.id, block: checked.block, resolution: stream.resolution });
      validIndex.push(index);
    });
    return { rejected, valid, validIndex, fail };
  }

  /**
   * Checks and stores items; `bridgeOf(i)` is the bridge item i must belong to (null: any).
   * Every item is judged on its own, down to the database (isolate-refusals.ts); `refused` lists
   * the dead letters due for items the database refused.
   */
  async function run(
    candidates: Candidate[],
    bridgeOf: (index: number) => number | null,
    clock: IngestClock,
    store: StoreBlocks,
  ): Promise<{ result: IngestResult; refused: DeadLetter[] }> {
    const now = clock.now ?? Date.now();
    const streams = await resolve(
      candidates.map(streamIdOfCandidate).filter((s): s is string => s !== null),
      now,
    );
    const bounds = timeBounds(now, clock.horizonDays);
    const { rejected, valid, validIndex, fail } = check(candidates, streams, bridgeOf, bounds);
    const stored = await store(valid);
    let acceptedSamples = valid.reduce((sum, v) => sum + v.block.stats.count, 0);
    const refused: DeadLetter[] = [];
    const notStored = (position: number, rejection: Rejection) => {
      const { block, datastreamId } = valid[position] as StreamBlock;
      acceptedSamples -= block.stats.count;
      const index = validIndex[position] as number;
      fail(index, rejection);
      if (rejection.reason !== 'refused_by_database') return;
      const bridgeIds = [...(streams.get(block.streamId)?.bridgeIds ?? [])];
      refused.push({
        source: 'http',
        bridgeId: bridgeOf(index) ?? (bridgeIds.length === 1 ? bridgeIds[0] : null),
        streamId: block.streamId,
        payload: payloadOf(candidates[index]),
        reason: `${rejection.reason}: ${rejection.detail} (data stream ${datastreamId})`,
      });
    };
    for (const position of stored.conflicts) {
      const { datastreamId, block } = valid[position] as StreamBlock;
      notStored(position, {
        reason: 'conflict',
        detail:
          stored.conflictDetails?.get(datastreamId, block.startMs) ??
          `another block of '${block.streamId}' starting at ${new Date(block.startMs).toISOString()} is stored`,
      });
    }
    for (const { index, detail } of stored.refused) {
      notStored(index, { reason: 'refused_by_database', detail });
    }
    rejected.sort((a, b) => a.index - b.index);
    const result = {
      accepted_samples: acceptedSamples,
      duplicate_samples: stored.duplicateSamples,
      rejected,
    };
    recordIngest(result);
    return { result, refused };
  }

  /**
   * The HTTP forms' items (and the demo feed's, which stands in for a gateway). A line that
   * could not be read is rejected as an invalid item; an item the database refused becomes a
   * dead letter besides its rejection, since the sender may not keep what it sent.
   */
  async function ingestLines(
    lines: ParsedLine[],
    scope: IngestScope,
    clock: IngestClock = {},
  ): Promise<IngestResult> {
    const bridgeId = 'bridgeId' in scope ? scope.bridgeId : null;
    const candidates = lines.map((line) => ('error' in line ? { item: null } : line));
    const { result, refused } = await run(candidates, () => bridgeId, clock, storeBlocks);
    await deadLetters.add(refused);
    return result;
  }

  return {
    ingestLines,
    ingest: (items: unknown[], scope: IngestScope, clock: IngestClock = {}) =>
      ingestLines(
        items.map((item) => ({ item })),
        scope,
        clock,
      ),
    /**
     * MQTT: one batch mixes topics, so each item carries the bridge of its own topic. The
     * subscriber writes a dead letter for every rejection (there is no one to answer).
     */
    async ingestPerItem(
      items: { item: unknown; bridgeId: number }[],
      clock: IngestClock = {},
    ): Promise<IngestResult> {
      const { result } = await run(
        items.map(({ item }) => ({ item })),
        (index) => items[index]?.bridgeId ?? null,
        clock,
        storeBatch,
      );
      return result;
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
