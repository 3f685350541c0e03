import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { datastreams } from '../db/schema.ts';
import { blockOf } from '../readings/block.ts';
import type { SimBlock } from '../sim/stream-simulator.ts';
import type { StreamBlock } from '../readings/block.ts';
import {
  DEMO_FLEET,
  demoTimeline,
  historyDaysOf,
  ratesOf,
  type DemoBridge,
  type DemoRates,
} from './demo-fleet.ts';
import { demoScenario } from './demo-scenarios.ts';
import type { BridgeScenario } from '../sim/scenario.ts';

export interface DemoStream {
  datastreamId: number;
  streamId: string;
  lastSeenAt: number | null;
  /** The stream's declared resolution: its history is stored packed on that grid, as ingest does. */
  resolution: number | null;
}

/** A demo bridge as found in the database: its scenario and the streams that still exist. */
export interface DemoBridgeData {
  bridge: DemoBridge;
  scenario: BridgeScenario;
  streams: Map<string, DemoStream>;
  timeline: { start: number; end: number };
  /** The bridge's own rates (a light bridge records more sparsely). */
  rates: DemoRates;
}

/**
 * The demo bridges (the detailed three and the light rest) whose data streams exist. The streams were created in the seed's
 * transaction, so their creation time is when the demo was seeded: the end of the history, and
 * the anchor of every scenario event, for the history writer and the live feed alike.
 */
export async function findDemoBridges(
  db: Db,
  historyDays: number,
  rates: DemoRates,
): Promise<DemoBridgeData[]> {
  const found: DemoBridgeData[] = [];
  for (const bridge of DEMO_FLEET) {
    const ids = demoScenario(bridge, { start: 0, end: 0 }, rates).streams.map((s) => s.id);
    const rows = await db
      .select({
        id: datastreams.id,
        streamId: datastreams.streamId,
        createdAt: datastreams.createdAt,
        lastSeenAt: datastreams.lastSeenAt,
        resolution: datastreams.resolution,
      })
      .from(datastreams)
      .where(inArray(datastreams.streamId, ids));
    if (rows.length === 0) continue;
    const seededAt = Math.min(...rows.map((r) => r.createdAt.getTime()));
    const timeline = demoTimeline(seededAt, historyDaysOf(bridge, historyDays));
    const streams = new Map(
      rows.map((r) => [
        r.streamId,
        {
          datastreamId: r.id,
          streamId: r.streamId,
          lastSeenAt: r.lastSeenAt ? r.lastSeenAt.getTime() : null,
          resolution: r.resolution,
        },
      ]),
    );
    found.push({
      bridge,
      scenario: demoScenario(bridge, timeline, rates),
      streams,
      timeline,
      rates: ratesOf(bridge, rates),
    });
  }
  return found;
}

/** Simulator blocks as the store takes them; blocks of streams no longer in the database drop. */
export function toStreamBlocks(
  blocks: Iterable<SimBlock>,
  streams: Map<string, DemoStream>,
): StreamBlock[] {
  const out: StreamBlock[] = [];
  for (const block of blocks) {
    const stream = streams.get(block.stream);
    if (!stream) continue;
    out.push({
      datastreamId: stream.datastreamId,
      block: blockOf(block.stream, Date.parse(block.start), block.rate_hz, block.values),
      resolution: stream.resolution,
    });
  }
  return out;
}
