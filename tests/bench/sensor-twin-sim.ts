/**
 * A co-located twin for a simulated gauge (sensor-window-sim.ts), for decision 030's 2026-12-01
 * twin-residual rules. Its own random stream, so the gauge of every seed stays as it was.
 *
 * Same deck temperature; apparent strain 10.5 instead of 10 µε/°C (5 % mismatch) and a constant
 * 12 µε offset; the gauge's traffic part of the window mean within a log-normal 5 %; its own
 * window noise, white 0.3 µε plus an AR(1) local difference (σ 0.5 µε, φ 0.95 a window, about
 * 3 h). Invented, pessimistic; not measured on a real pair.
 */

import { createRng, deriveSeed } from '../../server/analytics/rng.ts';
import type { SimStream } from './sensor-window-sim.ts';

const ALPHA = 10;
const TWIN_ALPHA = 10.5;
const TWIN_OFFSET = 12;
const PHI = 0.95;
const LOCAL_SIGMA = 0.5;
const WHITE = 0.3;

/** How unlike its gauge the twin is: the defaults above, or rougher for a sensitivity check. */
export interface TwinShape {
  alpha?: number;
  localSigma?: number;
}

/** The twin's window means for a healthy simulated stream (before any injection). */
export function simulateTwinMeans(
  stream: SimStream,
  seed: number,
  { alpha = TWIN_ALPHA, localSigma = LOCAL_SIGMA }: TwinShape = {},
): number[] {
  const rng = createRng(deriveSeed(seed, 'sensor-twin-sim'));
  let local = 0;
  return stream.windows.map((w, i) => {
    const deck = stream.temperature[i] ?? 0;
    local = PHI * local + localSigma * Math.sqrt(1 - PHI ** 2) * rng.normal();
    const shared = (w.mean - ALPHA * deck) * Math.exp(0.05 * rng.normal());
    return alpha * deck + TWIN_OFFSET + shared + local + WHITE * rng.normal();
  });
}

/** The deck temperature the thermometer's model gives (the sim's imperfect model, °C). */
export const modelledTemperature = (stream: SimStream): number[] =>
  stream.reference.mean.map((m) => m / 10.3);
