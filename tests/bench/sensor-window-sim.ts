/**
 * Simulated 10-minute window summaries of a 100 Hz strain gauge on a road bridge, with a
 * co-located twin and a temperature model, for the sensor bench and the detector tests (a year
 * of raw 100 Hz samples would be 3·10⁹ values; the detectors read only the summaries).
 *
 * Air temperature: season ± 10 °C, day ± 5 °C, weather as an hourly AR(1) (σ 1.5 °C, φ 0.98).
 * The deck follows it with a 3-hour lag; apparent strain 10 µε/°C (± 50 µε a day). The
 * temperature model the validation is given is imperfect on purpose: a 2.5-hour lag and
 * 10.3 µε/°C. Traffic: per-window strain std up to 8 µε at the rush hours, a fifth of it at
 * night, 0.6 at weekends, log-normal (σ 0.25) from window to window; the twin sees the same
 * traffic within a log-normal 5 % per window. Sensor noise 0.3 µε (the Munich gauges' 0.28).
 */

import type {
  WindowReference,
  WindowSummary,
} from '../../server/analytics/sensor-validation/types.ts';
import { createRng, deriveSeed } from '../../server/analytics/rng.ts';

export const SIM_WINDOW_MS = 600_000;
export const SIM_RATE_HZ = 100;
const SAMPLES = (SIM_WINDOW_MS / 1000) * SIM_RATE_HZ;
const NOISE = 0.3;
const ALPHA = 10;

export interface SimStream {
  windows: WindowSummary[];
  reference: Required<WindowReference>;
  /** Deck temperature per window, °C. */
  temperature: number[];
}

export interface SimOptions {
  seed: number;
  days: number;
  /** Epoch ms of the first window (a Monday midnight by default). */
  startMs?: number;
}

function trafficShape(hour: number, weekday: number): number {
  const rush = Math.exp(-(((hour - 8) / 1.5) ** 2)) + Math.exp(-(((hour - 17) / 2) ** 2));
  const day = hour > 6 && hour < 21 ? 0.5 : 0;
  return (0.2 + 0.8 * Math.min(1, rush + day)) * (weekday >= 5 ? 0.6 : 1);
}

export function simulateStream({
  seed,
  days,
  startMs = Date.UTC(2026, 0, 5),
}: SimOptions): SimStream {
  const rng = createRng(deriveSeed(seed, 'sensor-window-sim'));
  const count = Math.round((days * 86_400_000) / SIM_WINDOW_MS);
  const windows: WindowSummary[] = [];
  const modelMean: number[] = [];
  const twinStd: number[] = [];
  const temperature: number[] = [];
  let weather = 0;
  let deck = 10;
  let modelDeck = 10;
  const step = SIM_WINDOW_MS / 3_600_000;
  for (let i = 0; i < count; i += 1) {
    const t = startMs + i * SIM_WINDOW_MS;
    const dayOfYear = (t - Date.UTC(2026, 0, 1)) / 86_400_000;
    const hour = (t / 3_600_000) % 24;
    if (i % 6 === 0) weather = 0.98 * weather + 1.5 * Math.sqrt(1 - 0.98 ** 2) * rng.normal();
    const air =
      10 +
      10 * Math.sin((2 * Math.PI * (dayOfYear - 110)) / 365) +
      5 * Math.sin((2 * Math.PI * (hour - 9)) / 24) +
      weather;
    deck += (air - deck) * (step / 3);
    modelDeck += (air - modelDeck) * (step / 2.5);
    const traffic =
      8 * trafficShape(hour, Math.floor(dayOfYear + 3) % 7) * Math.exp(0.25 * rng.normal());
    const std = Math.hypot(traffic, NOISE);
    const mean = ALPHA * deck + (0.3 + 0.1 * traffic) * rng.normal();
    const stepShift = (0.1 + 0.05 * traffic) * rng.normal() * (rng.next() < 0.05 ? 4 : 1);
    windows.push({
      startMs: t,
      windowMs: SIM_WINDOW_MS,
      n: SAMPLES,
      mean,
      std,
      min: mean - 4 * std,
      max: mean + 4 * std,
      atMax: 1,
      nextBelowMax: 1,
      atMin: 1,
      nextAboveMin: 1,
      holdRun: 1,
      step: stepShift,
      noise: NOISE,
      stepNoise: NOISE * Math.sqrt(Math.PI / SIM_RATE_HZ),
      spikes: null,
    });
    modelMean.push(10.3 * modelDeck);
    twinStd.push(Math.hypot(traffic * Math.exp(0.05 * rng.normal()), NOISE));
    temperature.push(deck);
  }
  return { windows, reference: { mean: modelMean, std: twinStd }, temperature };
}

export type SimFaultKind = 'drift' | 'offset' | 'clipping' | 'gain';

/**
 * The same stream with a fault from window `onset` (at its start): drift of `size` µε per hour,
 * an offset step of `size` µε, clipping at `size` µε above the onset window's mean, or a gain
 * of `size` (e.g. 1.1) on everything the gauge reads relative to its reading at onset (so the
 * thermal swing grows too, without a jump at onset: a bond that loosens does not jump).
 */
export function injectSimFault(
  windows: readonly WindowSummary[],
  kind: SimFaultKind,
  onset: number,
  size: number,
): WindowSummary[] {
  const zero = windows[onset]?.mean ?? 0;
  const ceiling = zero + size;
  return windows.map((w, i) => {
    if (i < onset) return w;
    const hours = ((i - onset) * w.windowMs) / 3_600_000;
    switch (kind) {
      case 'drift': {
        const shift = size * (hours + w.windowMs / 7_200_000);
        return { ...w, mean: w.mean + shift, min: w.min + shift, max: w.max + shift };
      }
      case 'offset':
        return {
          ...w,
          mean: w.mean + size,
          min: w.min + size,
          max: w.max + size,
          step: i === onset ? size + w.step : w.step,
        };
      case 'gain': {
        const scaled = (v: number) => zero + size * (v - zero);
        return {
          ...w,
          mean: scaled(w.mean),
          std: w.std * size,
          min: scaled(w.min),
          max: scaled(w.max),
        };
      }
      case 'clipping': {
        if (w.max <= ceiling) return w;
        // Share of a normal window above the ceiling: those samples all read the ceiling.
        const z = (ceiling - w.mean) / w.std;
        const above = Math.round(w.n * 0.5 * erfc(z / Math.SQRT2));
        return above < 2 ? w : { ...w, max: ceiling, atMax: above, nextBelowMax: 1 };
      }
    }
  });
}

/** Complementary error function (Abramowitz & Stegun 7.1.26, error under 1.5·10⁻⁷). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * z);
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const value = poly * Math.exp(-z * z);
  return x >= 0 ? value : 2 - value;
}
