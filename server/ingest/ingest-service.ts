import { inArray, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { datastreamSensors, datastreams, sensors } from '../db/schema.ts';
import type { ReadingsRepository, StreamBlock } from '../repositories/readings-repository.ts';
import {
  type Checked,
  checkItem,
  checkScanned,
  type Rejection,
  streamIdOf,
} from './block-validation.ts';
import type { ParsedLine } from './bulk-parsers.ts';
import type { ScannedBlock } from './ndjson-block-line.ts';
import { recordIngest } from '../ops/metrics.ts';

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

/** An item parsed from JSON, or a block the bulk reader read straight from bytes. */
type Candidate = { item: unknown } | { scanned: ScannedBlock };

const streamIdOfCandidate = (c: Candidate) => streamIdOf('item' in c ? c.item : c.scanned);

interface StreamInfo {
  id: number;
  bridgeIds: Set<number>;
}

/**
 * The one path from received items to stored blocks, shared by HTTP and MQTT: check each item,
 * resolve its stream (one query per batch; MQTT keeps a short cache), store the valid blocks.
 */
export function createIngestService(
  db: Db,
  readings: ReadingsRepository,
  options: { cacheMs?: number } = {},
) {
  const cacheMs = options.cacheMs ?? 0;
  const cache = new Map<string, { info: StreamInfo; at: number }>();

  async function resolve(labels: string[], now: number): Promise<Map<string, StreamInfo>> {
    const found = new Map<string, StreamInfo>();
    const missing: string[] = [];
    for (const label of new Set(labels)) {
      const hit = cache.get(label);
      if (hit && now - hit.at < cacheMs) found.set(label, hit.info);
      else missing.push(label);
    }
    if (missing.length === 0) return found;
    const rows = await db
      .select({
        id: datastreams.id,
        streamId: datastreams.streamId,
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
      };
      found.set(row.streamId, info);
      // Only known streams are cached: a stream created a moment ago must be found at once.
      if (cacheMs > 0) cache.set(row.streamId, { info, at: now });
    }
    return found;
  }

  /** Checks and stores items; `bridgeOf(i)` is the bridge item i must belong to (null: any). */
  async function run(
    candidates: Candidate[],
    bridgeOf: (index: number) => number | null,
    now: number,
  ): Promise<IngestResult> {
    const streams = await resolve(
      candidates.map(streamIdOfCandidate).filter((s): s is string => s !== null),
      now,
    );
    const rejected: RejectedItem[] = [];
    const valid: StreamBlock[] = [];
    candidates.forEach((candidate, index) => {
      const checked: Checked =
        'item' in candidate ? checkItem(candidate.item, now) : checkScanned(candidate.scanned, now);
      const fail = (rejection: Rejection) =>
        rejected.push({ index, stream_id: streamIdOfCandidate(candidate), ...rejection });
      if (!checked.ok) return fail(checked.rejection);
      const { streamId } = checked.block;
      const stream = streams.get(streamId);
      if (!stream)
        return fail({ reason: 'unknown_stream', detail: `no data stream '${streamId}'` });
      const bridgeId = bridgeOf(index);
      if (bridgeId !== null && !stream.bridgeIds.has(bridgeId)) {
        return fail({
          reason: 'stream_not_on_bridge',
          detail: `data stream '${streamId}' is not fed by a sensor on bridge ${bridgeId}`,
        });
      }
      valid.push({ datastreamId: stream.id, block: checked.block });
    });
    const stored = await readings.store(valid);
    const result = {
      accepted_samples: valid.reduce((sum, v) => sum + v.block.stats.count, 0),
      duplicate_samples: stored.duplicateSamples,
      rejected,
    };
    recordIngest(result);
    return result;
  }

  /** The bulk forms' lines; a line that could not be read is rejected as an invalid item. */
  function ingestLines(
    lines: ParsedLine[],
    scope: IngestScope,
    now = Date.now(),
  ): Promise<IngestResult> {
    const bridgeId = 'bridgeId' in scope ? scope.bridgeId : null;
    const candidates = lines.map((line) => ('error' in line ? { item: null } : line));
    return run(candidates, () => bridgeId, now);
  }

  return {
    ingestLines,
    ingest: (items: unknown[], scope: IngestScope, now = Date.now()) =>
      ingestLines(
        items.map((item) => ({ item })),
        scope,
        now,
      ),
    /** MQTT: one batch mixes topics, so each item carries the bridge of its own topic. */
    ingestPerItem(
      items: { item: unknown; bridgeId: number }[],
      now = Date.now(),
    ): Promise<IngestResult> {
      return run(
        items.map(({ item }) => ({ item })),
        (index) => items[index]?.bridgeId ?? null,
        now,
      );
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
