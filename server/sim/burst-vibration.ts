// A span's vibration during one burst: each mode's response, sample by sample. The span's lead
// accelerometer draws it from its own random sequence (seeded by its stream id and the burst's
// start, as it always has been), so its values stay what they were before other channels read
// the same vibration (decision 076).
import { ambientDrive } from './acceleration.ts';
import type { ClimateModel } from './climate.ts';
import { loggerGain } from './logger-filter.ts';
import {
  resonatorCoefficients,
  type ResonatorCoefficients,
  type ResonatorState,
} from './resonator.ts';
import { createRng, deriveSeed, type Rng } from '../analytics/rng.ts';
import type { BridgeScenario, StreamSpec } from './scenario.ts';
import { streamDampings, streamFrequencies } from './stream-modes.ts';
import { trafficAt } from './traffic.ts';

export interface BurstTiming {
  burstSeconds: number;
  blockSeconds: number;
}

/** One block of a burst: the modes' responses and the lead accelerometer's own noise draws. */
export interface VibrationBlock {
  start: number;
  count: number;
  /** Per mode (the span's order), unit-variance response, one value a sample. */
  modes: Float64Array[];
  /** The lead's unit-variance measurement-noise draws, taken between the modes' drives. */
  leadNoise: Float64Array;
}

/**
 * A zero-mean, unit-variance draw from two uniforms (triangular), far cheaper than Box-Muller.
 * The resonators sum thousands of these, so the vibration they give is Gaussian all the same.
 */
export function quickNoise(rng: Rng): number {
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

/**
 * The burst of `lead`'s span starting at `start`, block by block. The draws are taken in the
 * order the single-channel generator took them (each sample: every mode's drive, then the lead's
 * noise), so the lead's values are bit for bit those of before.
 */
export function burstVibration(
  scenario: BridgeScenario,
  lead: StreamSpec,
  start: number,
  timing: BurstTiming,
  climate: ClimateModel,
): VibrationBlock[] {
  const rng = createRng(deriveSeed(scenario.seed, 'burst', lead.id, start));
  const damping = streamDampings(scenario, lead);
  const perBlock = Math.round(timing.blockSeconds * lead.rateHz);
  const total = Math.round(timing.burstSeconds * lead.rateHz);
  const periodMs = 1000 / lead.rateHz;
  // Each mode's last two outputs (before the gain), carried from block to block.
  let y1: Float64Array | null = null;
  let y2: Float64Array | null = null;
  const blocks: VibrationBlock[] = [];
  for (let first = 0; first < total; first += perBlock) {
    const blockStart = start + first * periodMs;
    const count = Math.min(perBlock, total - first);
    // Temperature and traffic hardly change within a block: the mode filters are set per block.
    const deck = climate.deckTemperatureAt(blockStart);
    const traffic = trafficAt(blockStart);
    const drive = ambientDrive(traffic);
    const frequencies = streamFrequencies(scenario, lead, deck, traffic, blockStart);
    const coefficients = frequencies.map((f, k) =>
      resonatorCoefficients(f, damping[k] ?? 0.02, lead.rateHz),
    );
    // The logger's anti-alias filter: 1 (the value unchanged) for every demo mode.
    const gains = frequencies.map((f) => loggerGain(f, lead.rateHz));
    if (y1 === null || y2 === null) {
      const initial = coefficients.map((c) => stationaryState(c, drive, rng));
      y1 = Float64Array.from(initial, (state) => state.y1);
      y2 = Float64Array.from(initial, (state) => state.y2);
    }
    const modes = coefficients.map(() => new Float64Array(count));
    const leadNoise = new Float64Array(count);
    // The resonator (resonator.ts) inlined on typed arrays, its operations in the same order
    // (((a1·y1 + a2·y2) + e)·gain)·logger gain, so every sample keeps its bits.
    const a1 = Float64Array.from(coefficients, (c) => c.a1);
    const a2 = Float64Array.from(coefficients, (c) => c.a2);
    const gain = Float64Array.from(coefficients, (c) => c.gain);
    const logger = Float64Array.from(gains);
    for (let i = 0; i < count; i += 1) {
      for (let k = 0; k < a1.length; k += 1) {
        const y =
          (a1[k] as number) * (y1[k] as number) +
          (a2[k] as number) * (y2[k] as number) +
          drive * quickNoise(rng);
        y2[k] = y1[k] as number;
        y1[k] = y;
        (modes[k] as Float64Array)[i] = y * (gain[k] as number) * (logger[k] as number);
      }
      leadNoise[i] = quickNoise(rng);
    }
    blocks.push({ start: blockStart, count, modes, leadNoise });
  }
  return blocks;
}
