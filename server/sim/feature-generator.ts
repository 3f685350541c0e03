import { createClimate } from './climate.ts';
import { isFaultActive } from './faults.ts';
import { isDamagedAt, REFERENCE_TEMPERATURE_C, spanFrequencies } from './modal-model.ts';
import { createRng, deriveSeed } from '../analytics/rng.ts';
import type { BridgeScenario, FaultSpec, StreamSpec } from './scenario.ts';
import { trafficAt } from './traffic.ts';

/**
 * Window-level output of the simulator, for scenarios of months or years where generating every
 * 100 Hz sample would take too long. Each window carries what the analytics would extract from
 * the raw samples (identified natural frequencies with estimation noise, RMS and means) plus the
 * known truth (damage active, faulty streams).
 */
export interface SimFeatureWindow {
  start: number;
  end: number;
  /** Same order as SimFeatureSet.featureNames; NaN where a stream dropped out. */
  features: number[];
  /** Measured deck temperature (°C), the environmental context. */
  temperatureC: number;
  damaged: boolean;
  faultyStreams: string[];
}

export interface SimFeatureSet {
  featureNames: string[];
  windows: SimFeatureWindow[];
}

export interface FeatureOptions {
  from: number;
  to: number;
  windowSeconds: number;
  /** Relative standard deviation of an identified natural frequency (default 0.2 %). */
  identificationNoise?: number;
}

const HOUR_MS = 3_600_000;

export function simulateFeatureWindows(
  scenario: BridgeScenario,
  options: FeatureOptions,
): SimFeatureSet {
  const climate = createClimate(scenario.climate, scenario.seed);
  const rng = createRng(deriveSeed(scenario.seed, 'features', options.from));
  const noise = options.identificationNoise ?? 0.002;
  const windowMs = options.windowSeconds * 1000;
  const sources = featureSources(scenario);
  const stuck = new Map<FaultSpec, number[]>();
  const windows: SimFeatureWindow[] = [];
  for (let start = options.from; start + windowMs <= options.to; start += windowMs) {
    const mid = start + windowMs / 2;
    const temperature = climate.temperatureAt(mid);
    const traffic = trafficAt(mid);
    const dT = temperature - REFERENCE_TEMPERATURE_C;
    const features: number[] = [];
    const faulty = new Set<string>();
    for (const source of sources) {
      const stream = source.stream;
      const clean = source.frequencies
        ? spanFrequencies(scenario, stream.span, climate.deckTemperatureAt(mid), traffic, mid).map(
            (f) => f * (1 + noise * rng.normal()),
          )
        : [cleanMean(stream, dT, traffic) + (stream.noise / 10) * rng.normal()];
      let values = clean;
      for (const fault of scenario.faults) {
        if (fault.stream !== stream.id || !isFaultActive(fault, mid)) continue;
        faulty.add(stream.id);
        values = faultedWindow(fault, values, mid, source.frequencies, stuck, rng.next());
      }
      features.push(...values);
    }
    windows.push({
      start,
      end: start + windowMs,
      features,
      temperatureC: temperature + 0.1 * rng.normal(),
      damaged: isDamagedAt(scenario, start),
      faultyStreams: [...faulty],
    });
  }
  return { featureNames: sources.flatMap((s) => s.names), windows };
}

interface FeatureSource {
  stream: StreamSpec;
  frequencies: boolean;
  names: string[];
}

/** The first accelerometer of each span gives its natural frequencies; other streams their mean. */
function featureSources(scenario: BridgeScenario): FeatureSource[] {
  const sources: FeatureSource[] = [];
  const spansDone = new Set<string>();
  for (const stream of scenario.streams) {
    if (stream.dataType === 'temperature') continue;
    if (stream.dataType === 'acceleration') {
      if (spansDone.has(stream.span)) continue;
      spansDone.add(stream.span);
      const modes = scenario.spans.find((s) => s.id === stream.span)?.modes ?? [];
      sources.push({
        stream,
        frequencies: true,
        names: modes.map((_, k) => `${stream.span}.f${k + 1}`),
      });
    } else {
      sources.push({ stream, frequencies: false, names: [`${stream.id}.mean`] });
    }
  }
  return sources;
}

/** Window means of the quasi-static streams (the same physics as the sample simulator). */
function cleanMean(stream: StreamSpec, dT: number, traffic: number): number {
  const vehicles = 0.4 * traffic * 1.1; // arrival rate × mean pulse area (s)
  switch (stream.dataType) {
    case 'strain':
      return -6 * dT + 25 * vehicles * Math.sin(Math.PI * stream.position);
    case 'load':
      return 1200 + 60 * vehicles;
    case 'displacement':
      return 0.6 * dT + 0.4 * vehicles;
    case 'tilt':
      return 0.02 * dT + 0.01 * vehicles;
    default:
      return 0;
  }
}

function faultedWindow(
  fault: FaultSpec,
  values: number[],
  t: number,
  isModal: boolean,
  stuck: Map<FaultSpec, number[]>,
  u: number,
): number[] {
  switch (fault.kind) {
    case 'dropout':
      return values.map(() => Number.NaN);
    case 'stuck': {
      // A stuck accelerometer shows no vibration, so no frequency can be identified.
      if (isModal) return values.map(() => Number.NaN);
      const held = stuck.get(fault) ?? values;
      stuck.set(fault, held);
      return held;
    }
    case 'gain':
      // A changed gain scales the reading, not the frequencies found in it.
      return isModal ? values : values.map((v) => v * (fault.magnitude ?? 1.1));
    case 'offset':
      return isModal ? values : values.map((v) => v + (fault.magnitude ?? 0));
    case 'drift':
      return isModal
        ? values
        : values.map((v) => v + ((fault.magnitude ?? 1) * (t - fault.from)) / HOUR_MS);
    case 'spikes':
      // A spike inside the window shifts a mean a little and can fool peak picking.
      return values.map((v) =>
        u < 0.3 ? v * (isModal ? 1.05 : 1) + (isModal ? 0 : (fault.magnitude ?? 10) / 50) : v,
      );
  }
}
