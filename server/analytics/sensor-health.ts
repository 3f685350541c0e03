/**
 * Sensor health, checked before the analysis judges the structure (issue 15): a stream whose own
 * signal is broken raises a 'Sensor fault', never a structural alarm. Pure: blocks in, faults out.
 *
 * - stuck: the same value repeated for at least STUCK_MINUTES, or bursts that are each flat over
 *   that long (stuck-sensor.ts); a live sensor's noise changes its last digits every sample.
 * - spikes: single samples far outside their neighbourhood (more than SPIKE_SIGMAS robust standard
 *   deviations from the median of the SPIKE_CHUNK samples around them, and SPIKE_ENVELOPE times
 *   the day's 99.5th percentile of such deviations, with both neighbours normal), at least
 *   MIN_SPIKES of them: a load moves several samples or recurs all day, a glitch stands alone.
 * - dropouts: at least DROPOUT_SHARE of the 10-minute windows with under half the stream's usual
 *   count of samples (the median of its windows with data), while it still sends at the end (a
 *   silent stream is 'Sensor offline', the offline check's business).
 */

import { stuckFault, type TimedSample } from './stuck-sensor.ts';

export interface HealthBlock {
  startMs: number;
  /** 0 for a single reading. */
  rateHz: number;
  values: ArrayLike<number>;
}

export type SensorFaultKind = 'stuck' | 'spikes' | 'dropouts';

export interface SensorFault {
  kind: SensorFaultKind;
  /** What was seen, in words (goes into the alert message). */
  detail: string;
}

export const SPIKE_SIGMAS = 20;
export const SPIKE_CHUNK = 64;
export const MIN_SPIKES = 3;
export const SPIKE_ENVELOPE = 3;
export const DROPOUT_SHARE = 0.1;
const WINDOW_MS = 600_000;
const MAD_TO_SIGMA = 1.4826;

function samplesOf(blocks: readonly HealthBlock[]): TimedSample[] {
  const samples: TimedSample[] = [];
  for (const block of [...blocks].sort((a, b) => a.startMs - b.startMs)) {
    const step = block.rateHz > 0 ? 1000 / block.rateHz : 0;
    for (let i = 0; i < block.values.length; i += 1) {
      const v = block.values[i] as number;
      if (Number.isFinite(v)) samples.push({ t: block.startMs + i * step, v, stepMs: step });
    }
  }
  return samples;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function spikes(samples: readonly TimedSample[]): SensorFault | null {
  // Each sample's distance from the median of its chunk, and the chunk's robust scatter.
  const deviation = new Float64Array(samples.length);
  const sigma = new Float64Array(samples.length);
  for (let from = 0; from < samples.length; from += SPIKE_CHUNK) {
    const chunk = samples.slice(from, from + SPIKE_CHUNK).map((s) => s.v);
    const centre = median(chunk);
    const scatter =
      chunk.length < 8 ? 0 : MAD_TO_SIGMA * median(chunk.map((v) => Math.abs(v - centre)));
    chunk.forEach((v, i) => {
      deviation[from + i] = Math.abs(v - centre);
      sigma[from + i] = scatter;
    });
  }
  // Loads (traffic on a slowly sampled gauge can be one sample) are many and alike: a glitch
  // also stands SPIKE_ENVELOPE times above the day's 99.5th percentile of deviations.
  const sorted = Float64Array.from(deviation).sort();
  const envelope = SPIKE_ENVELOPE * (sorted[Math.floor(0.995 * (sorted.length - 1))] ?? 0);
  const far = (i: number) =>
    (sigma[i] ?? 0) > 0 &&
    (deviation[i] ?? 0) > SPIKE_SIGMAS * (sigma[i] ?? 0) &&
    (deviation[i] ?? 0) > envelope;
  let count = 0;
  for (let i = 1; i < samples.length - 1; i += 1) {
    if (far(i) && !far(i - 1) && !far(i + 1)) count += 1;
  }
  return count >= MIN_SPIKES
    ? { kind: 'spikes', detail: `${count} spikes of more than ${SPIKE_SIGMAS} standard deviations` }
    : null;
}

function dropouts(samples: readonly TimedSample[], from: number, to: number): SensorFault | null {
  const slots = Math.floor((to - from) / WINDOW_MS);
  const last = samples.at(-1);
  // Silent at the end: the offline check reports that.
  if (slots < 6 || !last || last.t < to - WINDOW_MS * 2) return null;
  const counts = new Array<number>(slots).fill(0);
  for (const s of samples) {
    const slot = Math.floor((s.t - from) / WINDOW_MS);
    if (slot >= 0 && slot < slots) counts[slot] = (counts[slot] ?? 0) + 1;
  }
  const first = Math.floor(((samples[0]?.t ?? from) - from) / WINDOW_MS);
  const watched = counts.slice(Math.max(0, first));
  const usual = median(watched.filter((c) => c > 0));
  const short = watched.filter((c) => c < usual / 2).length;
  const share = short / watched.length;
  return share >= DROPOUT_SHARE
    ? {
        kind: 'dropouts',
        detail: `${Math.round(share * 100)} % of 10-minute windows short of data (${short} of ${watched.length})`,
      }
    : null;
}

/**
 * The faults of one stream's signal over [from, to). `checkStuck: false` for a slowly varying
 * quantity read at coarse resolution (a thermometer may repeat its value for an hour at night).
 */
export function sensorFaults(
  blocks: readonly HealthBlock[],
  from: number,
  to: number,
  options: { checkStuck?: boolean } = {},
): SensorFault[] {
  const samples = samplesOf(blocks).filter((s) => s.t >= from && s.t < to);
  if (samples.length === 0) return [];
  const flat = options.checkStuck === false ? null : stuckFault(samples);
  return [flat, spikes(samples), dropouts(samples, from, to)].filter(
    (f): f is SensorFault => f !== null,
  );
}
