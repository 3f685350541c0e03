/**
 * Shapes shared by the sensor-validation detectors (issue 30). Every detector reads one stream's
 * sequence of window summaries (window-summary.ts) and returns plain faults.
 */

export type ValidationFaultKind =
  'drift' | 'offset' | 'clipping' | 'gain' | 'stuck' | 'spikes' | 'dropouts';

export interface ValidationFault {
  kind: ValidationFaultKind;
  /** Index of the window the fault is judged to start in. */
  onsetWindow: number;
  onsetMs: number;
  /** Index of the window whose end first showed it: a live check knows it then. */
  detectedWindow: number;
  /** What was seen, in words (for a 'Sensor fault' alert message). */
  reason: string;
}

/** One window of one stream, computed from its raw samples (or simulated directly). */
export interface WindowSummary {
  startMs: number;
  windowMs: number;
  /** Samples present (NaN gaps excluded). */
  n: number;
  mean: number;
  std: number;
  min: number;
  max: number;
  /** Samples equal to the window's maximum, and to the next lower value present. */
  atMax: number;
  nextBelowMax: number;
  atMin: number;
  nextAboveMin: number;
  /** Median length of runs of identical consecutive samples (1 live; e.g. 100 if held at 1 Hz). */
  holdRun: number;
  /**
   * The largest level shift found at a single-sample jump in this window: median of the samples
   * just after it minus median of those just before (a spike shifts no median; a step does).
   */
  step: number;
  /** Sample noise: robust standard deviation of sample-to-sample differences / √2. */
  noise: number;
  /** The scatter `step` has from that noise alone (a difference of two medians of it). */
  stepNoise: number;
  /** The existing spike rule (sensor-health.ts) on this window's samples, if it fired. */
  spikes: string | null;
}

/** Another signal the stream should follow, one value per window (same indices). */
export interface WindowReference {
  /** Expected mean per window (a temperature model's prediction, or a twin's mean). */
  mean?: readonly number[];
  /** A co-located twin's standard deviation per window, for the gain check. */
  std?: readonly number[];
}

export const HOUR_MS = 3_600_000;
