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

import { BURST_GAP_STEPS, stuckFault, type TimedSamples } from './stuck-sensor.ts';
import { kthSmallest, medianOfFirst } from './order-statistics.ts';
import { median } from './sensor-validation/robust.ts';

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

/** The finite samples of the blocks inside [from, to), in time order (blocks by their start). */
function samplesOf(blocks: readonly HealthBlock[], from: number, to: number): TimedSamples {
  const ordered = [...blocks].sort((a, b) => a.startMs - b.startMs);
  const most = ordered.reduce((sum, block) => sum + block.values.length, 0);
  const t = new Float64Array(most);
  const v = new Float64Array(most);
  const continues = new Uint8Array(most);
  let k = 0;
  let previousStep = 0;
  for (const block of ordered) {
    const step = block.rateHz > 0 ? 1000 / block.rateHz : 0;
    const values = Float64Array.from(block.values);
    for (let i = 0; i < values.length; i += 1) {
      const at = block.startMs + i * step;
      const value = values[i] ?? Number.NaN;
      if (at < from || at >= to || !Number.isFinite(value)) continue;
      t[k] = at;
      v[k] = value;
      continues[k] =
        k > 0 && previousStep > 0 && at - (t[k - 1] ?? 0) <= BURST_GAP_STEPS * previousStep ? 1 : 0;
      previousStep = step;
      k += 1;
    }
  }
  return { t: t.subarray(0, k), v: v.subarray(0, k), continues: continues.subarray(0, k) };
}

function spikes({ v }: TimedSamples): SensorFault | null {
  // Each sample's distance from the median of its chunk, and the chunk's robust scatter.
  const deviation = new Float64Array(v.length);
  const sigma = new Float64Array(v.length);
  const scratch = new Float64Array(SPIKE_CHUNK);
  for (let from = 0; from < v.length; from += SPIKE_CHUNK) {
    const length = Math.min(SPIKE_CHUNK, v.length - from);
    for (let i = 0; i < length; i += 1) scratch[i] = v[from + i] as number;
    const centre = medianOfFirst(scratch, length);
    for (let i = 0; i < length; i += 1) {
      const distance = Math.abs((v[from + i] as number) - centre);
      deviation[from + i] = distance;
      scratch[i] = distance;
    }
    const scatter = length < 8 ? 0 : MAD_TO_SIGMA * medianOfFirst(scratch, length);
    sigma.fill(scatter, from, from + length);
  }
  // Loads (traffic on a slowly sampled gauge can be one sample) are many and alike: a glitch
  // also stands SPIKE_ENVELOPE times above the day's 99.5th percentile of deviations.
  const envelope =
    v.length === 0
      ? 0
      : SPIKE_ENVELOPE * kthSmallest(deviation.slice(), Math.floor(0.995 * (v.length - 1)));
  const far = new Uint8Array(v.length);
  for (let i = 0; i < v.length; i += 1) {
    const scatter = sigma[i] ?? 0;
    const distance = deviation[i] ?? 0;
    far[i] = scatter > 0 && distance > SPIKE_SIGMAS * scatter && distance > envelope ? 1 : 0;
  }
  let count = 0;
  for (let i = 1; i < v.length - 1; i += 1) {
    if (far[i] === 1 && far[i - 1] === 0 && far[i + 1] === 0) count += 1;
  }
  return count >= MIN_SPIKES
    ? { kind: 'spikes', detail: `${count} spikes of more than ${SPIKE_SIGMAS} standard deviations` }
    : null;
}

function dropouts({ t }: TimedSamples, from: number, to: number): SensorFault | null {
  const slots = Math.floor((to - from) / WINDOW_MS);
  const last = t[t.length - 1];
  // Silent at the end: the offline check reports that.
  if (slots < 6 || last === undefined || last < to - WINDOW_MS * 2) return null;
  const counts = new Array<number>(slots).fill(0);
  for (const at of t) {
    const slot = Math.floor((at - from) / WINDOW_MS);
    if (slot >= 0 && slot < slots) counts[slot] = (counts[slot] ?? 0) + 1;
  }
  const first = Math.floor(((t[0] ?? from) - from) / WINDOW_MS);
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
  const samples = samplesOf(blocks, from, to);
  if (samples.t.length === 0) return [];
  const flat = options.checkStuck === false ? null : stuckFault(samples);
  return [flat, spikes(samples), dropouts(samples, from, to)].filter(
    (f): f is SensorFault => f !== null,
  );
}
