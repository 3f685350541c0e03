// The 20-element beam of issue 31's localisation goal and one identified 10-minute window of it
// (bench `tests/bench/modal-localisation.ts` and its unit test; decision 046).
import type { ModeSet } from '../../server/analytics/modal/damage-location.ts';
import { identifyModes } from '../../server/analytics/modal/identify-modes.ts';
import { trafficAndWindForces } from '../../server/sim/beam-loads.ts';
import { beamModel, evenSensors, type BeamModel } from '../../server/sim/beam-model.ts';
import { simulateAccelerations } from '../../server/sim/modal-response.ts';

export const BEAM_SPAN_M = 40;
/** The beam's pinned supports, at its ends (chainage in m). */
export const BEAM_SUPPORTS: [number, number] = [0, BEAM_SPAN_M];
export const BEAM_SENSORS_M = evenSensors(BEAM_SPAN_M, 11);
/** A record's length and rate and the band identified: a 10-minute window by default. */
export interface BeamRecord {
  rateHz: number;
  seconds: number;
  fmaxHz: number;
}
const TEN_MINUTES: BeamRecord = { rateHz: 50, seconds: 600, fmaxHz: 20 };
/** A demo burst (decision 076): one minute at 20 Hz, identified up to 0.4 of the rate. */
export const DEMO_BURST: BeamRecord = { rateHz: 20, seconds: 60, fmaxHz: 8 };

/** The beam with each of its 20 elements' stiffness times `factor(element)`. */
export function beamWithStiffness(factor: (element: number) => number): BeamModel {
  return beamModel({
    spanM: BEAM_SPAN_M,
    elements: 20,
    f1Hz: 1.5,
    sensorsM: BEAM_SENSORS_M,
    dampingRatios: [0.01, 0.01, 0.012, 0.015, 0.02],
    modes: 5,
    stiffnessFactors: Array.from({ length: 20 }, (_, e) => factor(e)),
  });
}

/** The beam with `factor` times the stiffness in element `damaged` (−1: none). */
export const localisationBeam = (damaged: number, factor: number): BeamModel =>
  beamWithStiffness((e) => (e === damaged ? factor : 1));

/** The 11 channels' accelerations under traffic and wind (seed), 2 % noise (seed + 7919): the
 * records every beam bench identifies (the damping bench's generation, decision 076 (d)). */
export function beamTrafficRecord(
  model: BeamModel,
  seed: number,
  { rateHz, seconds }: Pick<BeamRecord, 'rateHz' | 'seconds'>,
): Float64Array[] {
  const modalForces = trafficAndWindForces(model, {
    spanM: BEAM_SPAN_M,
    rateHz,
    samples: rateHz * seconds,
    seed,
    vehiclesPerMinute: 6,
    windShare: 0.05,
  });
  return simulateAccelerations(model, {
    rateHz,
    samples: rateHz * seconds,
    noise: 0.02,
    seed: seed + 7919,
    modalForces,
  });
}

/** Traffic and wind (seed), 2 % noise (seed + 7919), 10 min at 50 Hz, SSI-COV up to 20 Hz
 * (or the record given). */
export function identifiedWindow(
  model: BeamModel,
  seed: number,
  { rateHz, seconds, fmaxHz }: BeamRecord = TEN_MINUTES,
): ModeSet {
  const result = identifyModes(beamTrafficRecord(model, seed, { rateHz, seconds }), {
    rateHz,
    fmaxHz,
  });
  return {
    frequenciesHz: result.modes.map((m) => m.frequency_hz),
    shapes: result.modes.map((m) => m.shape),
  };
}

/** Trial t's damaged element, (7t + 3) mod 20, and its windows' seeds: reference window 0 and
 * the damaged window keep decision 046's first seeds (2t + 1, 2t + 2), the other reference
 * windows 10000 + 10t + w. */
export function localisationTrial(t: number): {
  damaged: number;
  referenceSeeds: (windows: number) => number[];
  damagedSeed: number;
} {
  return {
    damaged: (7 * t + 3) % 20,
    referenceSeeds: (windows) =>
      Array.from({ length: windows }, (_, w) => (w === 0 ? 2 * t + 1 : 10_000 + 10 * t + w)),
    damagedSeed: 2 * t + 2,
  };
}

/** The element (0-19) holding a position along the span. */
export function beamElement(xM: number): number {
  return Math.max(0, Math.min(19, Math.floor(xM / (BEAM_SPAN_M / 20))));
}
