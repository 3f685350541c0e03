import { createClimate } from './climate.ts';
import type { BridgeScenario } from './scenario.ts';
import { StreamSimulator, type SimBlock } from './stream-simulator.ts';

export interface BlockOptions {
  /** Epoch ms of the first sample. */
  from: number;
  /** Epoch ms; blocks start before this time. */
  to: number;
  /** Seconds per block (default 1: one block per stream per second, as the store keeps them). */
  blockSeconds?: number;
  /** Only these stream ids (default: all streams of the scenario). */
  streams?: string[];
}

/**
 * A live bridge: call `advance(until)` repeatedly to get the blocks of every stream up to that
 * time, in time order. Used for demo data and the live feed; state carries over between calls.
 */
export interface BridgeSimulator {
  advance(until: number): SimBlock[];
  readonly time: number;
}

export function createBridgeSimulator(
  scenario: BridgeScenario,
  from: number,
  options: { blockSeconds?: number; streams?: string[] } = {},
): BridgeSimulator {
  const blockSeconds = options.blockSeconds ?? 1;
  const climate = createClimate(scenario.climate, scenario.seed);
  const wanted = options.streams ? new Set(options.streams) : null;
  const simulators = scenario.streams
    .filter((s) => wanted === null || wanted.has(s.id))
    .map((s) => new StreamSimulator(scenario, s, from, climate));
  let time = from;
  return {
    get time() {
      return time;
    },
    advance(until: number): SimBlock[] {
      const blocks: SimBlock[] = [];
      while (time + blockSeconds * 1000 <= until) {
        for (const simulator of simulators) {
          const block = simulator.nextBlock(blockSeconds);
          if (block) blocks.push(block);
        }
        time += blockSeconds * 1000;
      }
      return blocks;
    },
  };
}

/** Every block of [from, to) for the chosen streams, in time order (then scenario stream order). */
export function* simulateBlocks(
  scenario: BridgeScenario,
  options: BlockOptions,
): Generator<SimBlock> {
  const blockMs = (options.blockSeconds ?? 1) * 1000;
  const simulator = createBridgeSimulator(scenario, options.from, options);
  for (let t = options.from; t < options.to; t += blockMs) {
    yield* simulator.advance(t + blockMs);
  }
}
