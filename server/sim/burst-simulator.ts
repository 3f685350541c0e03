import { modeWeight } from './acceleration.ts';
import { burstVibration, quickNoise, type VibrationBlock } from './burst-vibration.ts';
import { createClimate, type ClimateModel } from './climate.ts';
import { applyFaults, isDroppedOut, type FaultState } from './faults.ts';
import { createRng, deriveSeed } from '../analytics/rng.ts';
import type { BridgeScenario, StreamSpec } from './scenario.ts';
import type { SimBlock } from './stream-simulator.ts';
import { modePosition, streamDampings } from './stream-modes.ts';

/**
 * Duty-cycled accelerometers: a gateway records a burst of `burstSeconds` at every multiple of
 * `everySeconds` since the epoch (UTC) and sends it as blocks of `blockSeconds`.
 */
export interface BurstSchedule {
  everySeconds: number;
  burstSeconds: number;
  blockSeconds: number;
}

/** The demo's schedule: one minute in every ten, sent as 10-second blocks. */
export const DEMO_BURST_SCHEDULE: BurstSchedule = {
  everySeconds: 600,
  burstSeconds: 60,
  blockSeconds: 10,
};

/** Start times (epoch ms) of the bursts that start in [from, to). */
export function burstStarts(schedule: BurstSchedule, from: number, to: number): number[] {
  const every = schedule.everySeconds * 1000;
  const starts: number[] = [];
  for (let t = Math.ceil(from / every) * every; t < to; t += every) starts.push(t);
  return starts;
}

function accelerationStream(scenario: BridgeScenario, streamId: string): StreamSpec {
  const stream = scenario.streams.find((s) => s.id === streamId);
  if (!stream || stream.dataType !== 'acceleration') {
    throw new Error(`'${streamId}' is not an accelerometer of this scenario`);
  }
  return stream;
}

/** The accelerometer whose burst vibration `stream` reads: its `modesOf`, or itself. */
function leadOf(scenario: BridgeScenario, stream: StreamSpec): StreamSpec {
  if (stream.modesOf === undefined) return stream;
  const lead = accelerationStream(scenario, stream.modesOf);
  if (
    lead.span !== stream.span ||
    lead.rateHz !== stream.rateHz ||
    lead.modesOf !== undefined ||
    lead.cable !== undefined ||
    stream.cable !== undefined
  ) {
    throw new Error(
      `'${stream.id}' must read an accelerometer of its own span and rate that leads, not '${lead.id}'`,
    );
  }
  return lead;
}

/** The span vibrations of one burst start, by lead stream id, shared by that span's channels. */
export type BurstVibrations = Map<string, VibrationBlock[]>;

/**
 * One burst of one accelerometer starting at `start`, as blocks (none inside a dropout).
 * Deterministic for (scenario.seed, stream, start): the same burst can be generated again, for
 * the history and for the live feed alike. The accelerometers of a span read one vibration
 * (`StreamSpec.modesOf`), each weighted by the mode shapes at its own position, each with noise
 * of its own; `vibrations` saves generating it again for each of them.
 */
export function simulateBurst(
  scenario: BridgeScenario,
  streamId: string,
  start: number,
  schedule: BurstSchedule = DEMO_BURST_SCHEDULE,
  climate: ClimateModel = createClimate(scenario.climate, scenario.seed),
  vibrations: BurstVibrations = new Map(),
): SimBlock[] {
  const stream = accelerationStream(scenario, streamId);
  const lead = leadOf(scenario, stream);
  const vibration =
    vibrations.get(lead.id) ?? burstVibration(scenario, lead, start, schedule, climate);
  vibrations.set(lead.id, vibration);
  // The lead keeps the noise it drew between the drives; another channel draws its own.
  const ownRng =
    lead === stream ? null : createRng(deriveSeed(scenario.seed, 'burst', stream.id, start));
  const faultRng = createRng(deriveSeed(scenario.seed, 'burst-fault', stream.id, start));
  const faults = scenario.faults.filter((f) => f.stream === stream.id);
  const faultState: FaultState = { stuckValue: null };
  const modeCount = streamDampings(scenario, stream).length;
  const at = modePosition(stream);
  const weights = Array.from({ length: modeCount }, (_, k) => modeWeight(k, at));
  const periodMs = 1000 / stream.rateHz;
  const blocks: SimBlock[] = [];
  for (const block of vibration) {
    const values = new Array<number>(block.count);
    for (let i = 0; i < block.count; i += 1) {
      let sum = 0;
      for (let k = 0; k < block.modes.length; k += 1) {
        sum += (weights[k] ?? 0) * ((block.modes[k] as Float64Array)[i] as number);
      }
      const noise = ownRng ? quickNoise(ownRng) : (block.leadNoise[i] as number);
      const clean = sum + stream.noise * noise;
      values[i] =
        faults.length === 0
          ? clean
          : applyFaults(faults, faultState, faultRng, block.start + i * periodMs, clean);
    }
    if (isDroppedOut(faults, block.start)) continue;
    blocks.push({
      stream: stream.id,
      start: new Date(block.start).toISOString(),
      rate_hz: stream.rateHz,
      values,
    });
  }
  return blocks;
}

/** Every burst block of [from, to) of the chosen accelerometers, burst by burst. */
export function* simulateBursts(
  scenario: BridgeScenario,
  options: { from: number; to: number; schedule?: BurstSchedule; streams?: string[] },
): Generator<SimBlock> {
  const schedule = options.schedule ?? DEMO_BURST_SCHEDULE;
  const climate = createClimate(scenario.climate, scenario.seed);
  const ids =
    options.streams ??
    scenario.streams.filter((s) => s.dataType === 'acceleration').map((s) => s.id);
  for (const start of burstStarts(schedule, options.from, options.to)) {
    const vibrations: BurstVibrations = new Map();
    for (const id of ids) yield* simulateBurst(scenario, id, start, schedule, climate, vibrations);
  }
}
