// What vibrates under an accelerometer: its span's modes, or the harmonics of the stay or hanger
// it is on (StreamSpec.cable). Shared by the burst and the continuous generators.
import { spanFrequencies } from './modal-model.ts';
import type { BridgeScenario, CableVibrationSpec, StreamSpec } from './scenario.ts';

/** The taut string's series f_n = n/(2L)·√(T/m), n = 1..harmonics. */
export function cableFrequencies(cable: CableVibrationSpec): number[] {
  const f1 = Math.sqrt(cable.tensionN / cable.massPerM) / (2 * cable.lengthM);
  return Array.from({ length: cable.harmonics }, (_, k) => (k + 1) * f1);
}

/** Each mode's damping ratio, in the order of `streamFrequencies`. */
export function streamDampings(scenario: BridgeScenario, stream: StreamSpec): number[] {
  const { cable } = stream;
  if (cable) return new Array<number>(cable.harmonics).fill(cable.damping);
  return scenario.spans.find((s) => s.id === stream.span)?.modes.map((m) => m.damping) ?? [];
}

/** The frequencies the stream reads at time t: its cable's (fixed), or its span's. */
export function streamFrequencies(
  scenario: BridgeScenario,
  stream: StreamSpec,
  deckTemperatureC: number,
  traffic: number,
  t: number,
): number[] {
  if (stream.cable) return cableFrequencies(stream.cable);
  return spanFrequencies(scenario, stream.span, deckTemperatureC, traffic, t);
}

/** Where along what vibrates the sensor sits: along its cable, or along its span. */
export const modePosition = (stream: StreamSpec): number => stream.cable?.at ?? stream.position;
