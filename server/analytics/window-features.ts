import { at } from './at.ts';
import { ModeTracker } from './mode-tracker.ts';
import { pickPeaks } from './peak-picking.ts';
import { type Series, sliceSeries } from './series.ts';
import { windowStats } from './stats.ts';
import { defaultSegmentLength, welchPsd } from './welch.ts';

export type SensorCondition = 'active' | 'inactive' | 'maintenance' | 'faulty';

/** The status of the sensor(s) behind a stream over a period (open-ended without `to`). */
export interface StatusPeriod {
  stream: string;
  status: SensorCondition;
  from: number;
  to?: number;
}

export interface ModalSetup {
  /** An acceleration stream id. */
  stream: string;
  /** Expected natural frequencies to start tracking from (e.g. the design values). */
  initialHz: number[];
  minHz: number;
  maxHz: number;
  /**
   * Welch segment length (a power of two); default from the window's sample count. A
   * duty-cycled accelerometer (a one-minute burst per window) needs one sized to its burst.
   */
  segmentLength?: number;
}

export interface WindowingOptions {
  from: number;
  to: number;
  windowSeconds: number;
  /**
   * Share of the expected samples a stream must have in a window (default 0.9). A window with
   * fewer is skipped as 'too_few_samples'.
   */
  minCoverage?: number;
  /**
   * Samples a stream normally has in one window, by stream id. Default: rate × window length
   * (continuous acquisition). A duty-cycled sensor (e.g. a 60 s burst every 10 min) states its
   * usual count here, e.g. the baseline's median count per window.
   */
  expectedSamples?: Record<string, number>;
  modal: ModalSetup[];
  /** The stream giving the environmental context (its window mean). */
  temperatureStream?: string;
  statuses?: StatusPeriod[];
}

export type SkipReason = 'faulty' | 'maintenance' | 'too_few_samples';

export interface FeatureWindow {
  start: number;
  end: number;
  /** Same order as WindowingResult.featureNames; NaN when a mode was not found. */
  features: number[];
  temperatureC: number;
}

export interface WindowingResult {
  featureNames: string[];
  windows: FeatureWindow[];
  skipped: Record<SkipReason, number>;
  skippedWindows: { start: number; reason: SkipReason; stream: string }[];
  /** Each tracked stream's last known frequencies: the next chunk's `initialHz`. */
  trackedHz: Record<string, number[]>;
}

const STAT_NAMES = ['mean', 'rms', 'peak', 'std'] as const;

/**
 * Cuts every stream into windows and computes per stream mean, RMS, peak and standard deviation,
 * plus the tracked natural frequencies of the accelerometers (Welch PSD, peak picking). A window
 * touching a faulty or maintenance sensor, or missing samples, is skipped and counted: the
 * detector never sees made-up values.
 */
export function extractWindowFeatures(
  series: readonly Series[],
  options: WindowingOptions,
): WindowingResult {
  const scored = series.filter((s) => s.id !== options.temperatureStream);
  const temperature = series.find((s) => s.id === options.temperatureStream);
  const trackers = new Map(options.modal.map((m) => [m.stream, new ModeTracker(m.initialHz)]));
  const featureNames = scored.flatMap((s) => [
    ...STAT_NAMES.map((stat) => `${s.id}.${stat}`),
    ...(options.modal
      .find((m) => m.stream === s.id)
      ?.initialHz.map((_, k) => `${s.id}.f${k + 1}`) ?? []),
  ]);
  const result: WindowingResult = {
    featureNames,
    windows: [],
    skipped: { faulty: 0, maintenance: 0, too_few_samples: 0 },
    skippedWindows: [],
    trackedHz: {},
  };
  const windowMs = options.windowSeconds * 1000;
  for (let start = options.from; start + windowMs <= options.to; start += windowMs) {
    const end = start + windowMs;
    const skip = skipReason(series, options, start, end);
    if (skip) {
      result.skipped[skip.reason] += 1;
      result.skippedWindows.push({ start, ...skip });
      continue;
    }
    const features: number[] = [];
    for (const s of scored) {
      const values = sliceSeries(s, start, end);
      const stats = windowStats(values);
      features.push(...STAT_NAMES.map((stat) => stats[stat]));
      const modal = options.modal.find((m) => m.stream === s.id);
      const tracker = trackers.get(s.id);
      if (modal && tracker) {
        const segmentLength = modal.segmentLength ?? defaultSegmentLength(values.length);
        // A flat window (a stuck sensor) has only rounding noise for peaks: the tracker would
        // wander along them and be lost when the signal returns.
        if (values.length < segmentLength || isFlat(values)) {
          features.push(...modal.initialHz.map(() => Number.NaN));
          continue;
        }
        const spectrum = welchPsd(values, s.rateHz, segmentLength);
        const peaks = pickPeaks(spectrum, {
          minHz: modal.minHz,
          maxHz: modal.maxHz,
          count: modal.initialHz.length * 2,
        });
        features.push(...tracker.track(peaks));
      }
    }
    const temperatureC = temperature
      ? windowStats(sliceSeries(temperature, start, end)).mean
      : Number.NaN;
    result.windows.push({ start, end, features, temperatureC });
  }
  for (const [stream, tracker] of trackers) result.trackedHz[stream] = [...tracker.current];
  return result;
}

/** Every sample the same value: a stuck sensor, whose spectrum is rounding noise only. */
function isFlat(values: ArrayLike<number>): boolean {
  let level = Number.NaN;
  for (let i = 0; i < values.length; i += 1) {
    const v = at(values, i);
    if (!Number.isFinite(v)) continue;
    if (Number.isNaN(level)) level = v;
    else if (v !== level) return false;
  }
  return true;
}

function skipReason(
  series: readonly Series[],
  options: WindowingOptions,
  start: number,
  end: number,
): { reason: SkipReason; stream: string } | null {
  for (const reason of ['faulty', 'maintenance'] as const) {
    const period = options.statuses?.find(
      (p) => p.status === reason && p.from < end && (p.to === undefined || p.to > start),
    );
    if (period) return { reason, stream: period.stream };
  }
  const minCoverage = options.minCoverage ?? 0.9;
  for (const s of series) {
    const values = sliceSeries(s, start, end);
    const expected = options.expectedSamples?.[s.id] ?? ((end - start) * s.rateHz) / 1000;
    if (windowStats(values).count < minCoverage * expected) {
      return { reason: 'too_few_samples', stream: s.id };
    }
  }
  return null;
}
