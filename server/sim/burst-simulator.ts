import { ambientDrive, modeWeight } from './acceleration.ts';
import { createClimate, type ClimateModel } from './climate.ts';
import { applyFaults, isDroppedOut, type FaultState } from './faults.ts';
import { spanFrequencies } from './modal-model.ts';
import {
  resonatorCoefficients,
  stepResonator,
  type ResonatorCoefficients,
  type ResonatorState,
} from './resonator.ts';
import { createRng, deriveSeed, type Rng } from '../analytics/rng.ts';
import type { BridgeScenario, StreamSpec } from './scenario.ts';
import type { SimBlock } from './stream-simulator.ts';
import { trafficAt } from './traffic.ts';

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

/**
 * A zero-mean, unit-variance draw from two uniforms (triangular), far cheaper than Box-Muller.
 * The resonators sum thousands of these, so the vibration they give is Gaussian all the same.
 */
function quickNoise(rng: Rng): number {
  return (rng.next() + rng.next() - 1) * Math.sqrt(6);
}

/**
 * Draws the state of a noise-driven resonator from its stationary distribution (an AR(2)
 * process: variance γ0, lag-one correlation a1 / (1 − a2)), so a burst needs no warm-up.
 */
function stationaryState(c: ResonatorCoefficients, drive: number, rng: Rng): ResonatorState {
  const sd = drive / c.gain;
  const rho = c.a1 / (1 - c.a2);
  const older = sd * rng.normal();
  const newer = rho * older + sd * Math.sqrt(Math.max(0, 1 - rho * rho)) * rng.normal();
  return { y1: newer, y2: older };
}

function accelerationStream(scenario: BridgeScenario, streamId: string): StreamSpec {
  const stream = scenario.streams.find((s) => s.id === streamId);
  if (!stream || stream.dataType !== 'acceleration') {
    throw new Error(`'${streamId}' is not an accelerometer of this scenario`);
  }
  return stream;
}

/**
 * One burst of one accelerometer starting at `start`, as blocks (none inside a dropout).
 * Deterministic for (scenario.seed, stream, start): the same burst can be generated again, for
 * the history and for the live feed alike.
 */
export function simulateBurst(
  scenario: BridgeScenario,
  streamId: string,
  start: number,
  schedule: BurstSchedule = DEMO_BURST_SCHEDULE,
  climate: ClimateModel = createClimate(scenario.climate, scenario.seed),
): SimBlock[] {
  const stream = accelerationStream(scenario, streamId);
  const rng = createRng(deriveSeed(scenario.seed, 'burst', stream.id, start));
  const faultRng = createRng(deriveSeed(scenario.seed, 'burst-fault', stream.id, start));
  const faults = scenario.faults.filter((f) => f.stream === stream.id);
  const faultState: FaultState = { stuckValue: null };
  const damping = scenario.spans.find((s) => s.id === stream.span)?.modes.map((m) => m.damping);
  const weights = (damping ?? []).map((_, k) => modeWeight(k, stream.position));
  const perBlock = Math.round(schedule.blockSeconds * stream.rateHz);
  const total = Math.round(schedule.burstSeconds * stream.rateHz);

  const periodMs = 1000 / stream.rateHz;
  let states: ResonatorState[] | null = null;
  const blocks: SimBlock[] = [];
  for (let first = 0; first < total; first += perBlock) {
    const blockStart = start + first * periodMs;
    const count = Math.min(perBlock, total - first);
    // Temperature and traffic hardly change within a block: the mode filters are set per block.
    const deck = climate.deckTemperatureAt(blockStart);
    const traffic = trafficAt(blockStart);
    const drive = ambientDrive(traffic);
    const coefficients = spanFrequencies(scenario, stream.span, deck, traffic, blockStart).map(
      (f, k) => resonatorCoefficients(f, damping?.[k] ?? 0.02, stream.rateHz),
    );
    const modeStates = (states ??= coefficients.map((c) => stationaryState(c, drive, rng)));
    const values = new Array<number>(count);
    for (let i = 0; i < count; i += 1) {
      let sum = 0;
      for (let k = 0; k < coefficients.length; k += 1) {
        const y = stepResonator(
          modeStates[k] as ResonatorState,
          coefficients[k] as ResonatorCoefficients,
          drive * quickNoise(rng),
        );
        sum += (weights[k] ?? 0) * y;
      }
      const clean = sum + stream.noise * quickNoise(rng);
      values[i] =
        faults.length === 0
          ? clean
          : applyFaults(faults, faultState, faultRng, blockStart + i * periodMs, clean);
    }
    if (isDroppedOut(faults, blockStart)) continue;
    blocks.push({
      stream: stream.id,
      start: new Date(blockStart).toISOString(),
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
    for (const id of ids) yield* simulateBurst(scenario, id, start, schedule, climate);
  }
}
