import type { Database } from '../db/client.ts';
import type { IngestService } from '../ingest/ingest-service.ts';
import { blockSecondsFor } from '../readings/block-duration.ts';
import { MAX_BLOCK_SECONDS } from '../readings/block-limits.ts';
import { compactBlocks, type CompactStream } from '../readings/compact-blocks.ts';
import { simulateBurst, type BurstSchedule } from '../sim/burst-simulator.ts';
import { createClimate, type ClimateModel } from '../sim/climate.ts';
import type { BridgeScenario, StreamSpec } from '../sim/scenario.ts';
import { StreamSimulator, type SimBlock } from '../sim/stream-simulator.ts';
import { DEMO_RATES, type DemoRates } from './demo-fleet.ts';
import { findDemoBridges, type DemoStream } from './demo-streams.ts';

/** After a restart the feed fills the gap since the last stored sample, but no further back. */
export const MAX_GAP_MS = 6 * 3_600_000;
const BATCH_ITEMS = 1000;

export interface LiveFeedOptions {
  historyDays: number;
  rates?: DemoRates;
  intervalMs?: number;
  maxGapMs?: number;
  now?: () => number;
  log?: (message: string) => void;
  /** false: no timer; the caller calls tick() (tests). */
  autoStart?: boolean;
  /** false: the feed leaves its small blocks as stored (a bench joins them itself). */
  joinBlocks?: boolean;
}

export interface DemoLiveFeed {
  /** Sends what the demo bridges recorded since the last tick; returns the samples accepted. */
  tick(): Promise<number>;
  /** Stops the timer and waits for a tick in progress. */
  stop(): Promise<void>;
}

/** Produces one stream's blocks up to a given time. */
interface Feeder {
  blocksUntil(now: number): SimBlock[];
}

/** A continuous stream: one simulator carried on, blocks of whatever time passed (≤ 10 min). */
function continuousFeeder(
  scenario: BridgeScenario,
  spec: StreamSpec,
  from: number,
  climate: ClimateModel,
): Feeder {
  const periodMs = 1000 / spec.rateHz;
  const start = Math.ceil(from / periodMs) * periodMs;
  const simulator = new StreamSimulator(scenario, spec, start, climate);
  // Blocks end at the joining windows' edges, so every block can be joined (compact-blocks.ts).
  const windowMs = blockSecondsFor(spec.rateHz) * 1000;
  let time = start;
  return {
    blocksUntil(now) {
      const blocks: SimBlock[] = [];
      while (now - time >= 1000) {
        const toEdge = Math.floor(
          (Math.floor(time / windowMs) * windowMs + windowMs - time) / 1000,
        );
        const seconds = Math.min(
          600,
          Math.floor((now - time) / 1000),
          toEdge >= 1 ? toEdge : Infinity,
        );
        const block = simulator.nextBlock(seconds);
        if (block) blocks.push(block);
        time += seconds * 1000;
      }
      return blocks;
    },
  };
}

/** A duty-cycled accelerometer: each burst's blocks as soon as they are complete. */
function burstFeeder(
  scenario: BridgeScenario,
  spec: StreamSpec,
  from: number,
  schedule: BurstSchedule,
  climate: ClimateModel,
): Feeder {
  const every = schedule.everySeconds * 1000;
  const blockMs = schedule.blockSeconds * 1000;
  let next = Math.ceil(from / blockMs) * blockMs;
  let burst: { start: number; blocks: Map<number, SimBlock> } | null = null;
  return {
    blocksUntil(now) {
      const blocks: SimBlock[] = [];
      while (next + blockMs <= now) {
        const burstStart = Math.floor(next / every) * every;
        if (next >= burstStart + schedule.burstSeconds * 1000) {
          next = burstStart + every; // between bursts: on to the next one
          continue;
        }
        if (burst?.start !== burstStart) {
          const generated = simulateBurst(scenario, spec.id, burstStart, schedule, climate);
          burst = {
            start: burstStart,
            blocks: new Map(generated.map((b) => [Date.parse(b.start), b])),
          };
        }
        const block = burst.blocks.get(next);
        if (block) blocks.push(block);
        next += blockMs;
      }
      return blocks;
    },
  };
}

/** Where a stream resumes: after its newest stored sample, at most `maxGapMs` back. */
function resumeAt(stream: DemoStream, spec: StreamSpec, now: number, maxGapMs: number): number {
  const after = stream.lastSeenAt === null ? now : stream.lastSeenAt + 1000 / spec.rateHz;
  return Math.max(after, now - maxGapMs);
}

/**
 * Keeps the demo bridges' sensors sending while the server runs: every few seconds the new
 * samples of each scenario go through the ingest service, as a gateway's would, so last-seen
 * times, sample counts and roll-ups move. A stream whose scenario has it silent stays silent.
 * Null when the database has no demo bridge.
 */
export async function startDemoLiveFeed(
  { database, ingest }: { database: Database; ingest: IngestService },
  options: LiveFeedOptions,
): Promise<DemoLiveFeed | null> {
  const rates = options.rates ?? DEMO_RATES;
  const clock = options.now ?? Date.now;
  const log = options.log ?? (() => undefined);
  const maxGapMs = options.maxGapMs ?? MAX_GAP_MS;
  const found = await findDemoBridges(database.db, options.historyDays, rates);
  if (found.length === 0) return null;

  const startedAt = clock();
  const feeders: Feeder[] = [];
  const compactable: CompactStream[] = [];
  for (const { scenario, streams, rates: own } of found) {
    const climate = createClimate(scenario.climate, scenario.seed);
    for (const spec of scenario.streams) {
      const stream = streams.get(spec.id);
      if (!stream) continue;
      const from = resumeAt(stream, spec, startedAt, maxGapMs);
      compactable.push({ id: stream.datastreamId, resolution: stream.resolution });
      feeders.push(
        spec.dataType === 'acceleration'
          ? burstFeeder(scenario, spec, from, own.bursts, climate)
          : continuousFeeder(scenario, spec, from, climate),
      );
    }
  }

  async function tick(): Promise<number> {
    const now = clock();
    const items = feeders
      .flatMap((feeder) => feeder.blocksUntil(now))
      .map(({ stream, ...rest }) => ({ stream_id: stream, ...rest }));
    let accepted = 0;
    for (let i = 0; i < items.length; i += BATCH_ITEMS) {
      const result = await ingest.ingest(
        items.slice(i, i + BATCH_ITEMS),
        { anyBridge: true },
        { now },
      );
      accepted += result.accepted_samples;
    }
    if (options.joinBlocks ?? true) await joinClosedWindows(now);
    return accepted;
  }

  // The feed stores a block per tick (a strain sample a row); once a window has closed its
  // rows are joined (decision 075, 2026-12-02 (c)). The feed never resends, which is what makes
  // joining its blocks safe. From the feed's gap back, so a previous run's rows are joined too.
  let joinedUntil = startedAt - maxGapMs;
  async function joinClosedWindows(now: number): Promise<void> {
    // The shortest window is a minute (20 Hz bursts): nothing can have closed within one.
    if (Math.floor(now / 60_000) <= Math.floor(joinedUntil / 60_000)) return;
    const from = joinedUntil - MAX_BLOCK_SECONDS * 1000;
    joinedUntil = (await compactBlocks(database.db, compactable, from, now)).doneUntilMs;
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((error: unknown) => {
          log(`Demo live feed: ${error instanceof Error ? error.message : String(error)}`);
        })
        .finally(schedule);
    }, options.intervalMs ?? 5000);
  };
  if (options.autoStart ?? true) {
    log(`Demo live feed on: ${found.map((f) => f.bridge.name).join(', ')}`);
    schedule();
  }
  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
