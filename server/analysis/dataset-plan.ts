import { pickPeaks, type SpectralPeak } from '../analytics/peak-picking.ts';
import { seriesFromBlocks, sliceSeries, type StreamSeries } from '../analytics/series.ts';
import { windowStats } from '../analytics/stats.ts';
import { defaultSegmentLength, welchPsd } from '../analytics/welch.ts';
import type { ModalSetup } from '../analytics/window-features.ts';
import type { BridgeStream, StoredBlock } from './bridge-streams.ts';
import type { SsiPlan } from './ssi-features.ts';

export const WINDOW_SECONDS = 600;
const WINDOW_MS = WINDOW_SECONDS * 1000;
/** Modes looked for per accelerometer (the strongest peaks of the baseline's average PSD). */
const MODES_PER_STREAM = 2;

/**
 * Which features decide the structural alarm (docs/decisions/026-feature-families.md):
 * - 'modal': the tracked natural frequencies only (any accelerometer with modes);
 * - 'quasi-static': without modes, the 10-minute means of strain, tilt and displacement;
 * - 'every-statistic': mean, RMS, peak and spread of every stream, the layout of models stored
 *   before the families (absent in their plan) and the last resort of a bridge with neither.
 * Traffic (RMS, peak and spread) never decides: it measures vehicles, not the structure.
 */
export type FeatureFamily = 'modal' | 'quasi-static' | 'every-statistic';

export const QUASI_STATIC_TYPES: readonly StreamSeries['dataType'][] = [
  'strain',
  'tilt',
  'displacement',
];

/** How one stream enters the features: fixed at training, so scoring sees the same layout. */
export interface PlannedStream {
  id: number;
  streamId: string;
  dataType: StreamSeries['dataType'];
  /** Grid rate: the blocks' rate, or one over the median spacing of single readings. */
  rateHz: number;
  /** Median samples per window over the first baseline day (duty cycles included). */
  expectedSamples: number;
}

export interface DatasetPlan {
  streams: PlannedStream[];
  temperatureStream: string | null;
  modal: ModalSetup[];
  /** Absent in models stored before the families: 'every-statistic'. */
  family?: FeatureFamily;
  /** Streams left out because they had no data on the first baseline day. */
  unfed: string[];
  /**
   * The modal span's SSI modes, fed to the detector in place of its peak trackers (ssi-plan.ts,
   * decision 076 amended 2026-12-02); absent: the trackers' features alone, as before.
   */
  ssi?: SsiPlan;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : (sorted[Math.floor((sorted.length - 1) / 2)] ?? 0);
};

function gridRate(blocks: StoredBlock[]): number {
  const rated = blocks.filter((b) => b.rateHz > 0).map((b) => b.rateHz);
  if (rated.length > 0) return median(rated);
  const spacing = blocks.slice(1).map((b, i) => b.startMs - (blocks[i]?.startMs ?? 0));
  const step = median(spacing.filter((s) => s > 0));
  return step > 0 ? 1000 / step : 0;
}

/** Blocks as the grid expects them: a single reading (rate 0) takes the stream's grid rate. */
export function blocksForGrid(blocks: StoredBlock[], rateHz: number) {
  return blocks.map((b) => ({
    start: b.startMs,
    rate_hz: b.rateHz > 0 ? b.rateHz : rateHz,
    values: b.values,
  }));
}

/** The finest Welch segment a window still averages over three half-overlapping segments. */
function finestSegmentLength(expected: number): number {
  let length = 4;
  while (length * 2 <= expected / 2 && length < 4096) length *= 2;
  return length;
}

/** The day's PSD averaged over its windows at one segment length (null without a full one). */
function averagePsd(series: StreamSeries, from: number, to: number, segmentLength: number) {
  let sum: Float64Array | null = null;
  let frequencies: Float64Array | null = null;
  for (let start = from; start + WINDOW_MS <= to; start += WINDOW_MS) {
    const values = sliceSeries(series, start, start + WINDOW_MS);
    if (values.length < segmentLength) continue;
    const spectrum = welchPsd(values, series.rateHz, segmentLength);
    if (spectrum.segments === 0) continue;
    sum ??= new Float64Array(spectrum.psd.length);
    spectrum.psd.forEach((p, k) => {
      if (sum) sum[k] = (sum[k] ?? 0) + p;
    });
    frequencies = spectrum.frequencies;
  }
  return sum && frequencies ? { frequencies, psd: sum, segments: 1 } : null;
}

/**
 * Natural frequencies to start tracking from, found in the data itself (no design values are
 * stored): the strongest peaks of the PSD averaged over the day's windows, between about 0.3 Hz
 * and 0.8 × Nyquist (anti-aliasing filters roll off above). Under each peak the finest
 * resolution a window allows is searched too, so closely spaced modes (a bending and a torsion mode a
 * few tenths of a hertz apart) are both found and both tracked: a tracker that knows only one
 * of them jumps to the other whenever traffic excites it more. Each window is then analysed at
 * the coarsest resolution (the most averaging) that still keeps the found modes three bins
 * apart.
 */
function findModes(series: StreamSeries, from: number, to: number, expected: number) {
  const coarse = defaultSegmentLength(expected);
  const fine = Math.max(coarse, finestSegmentLength(expected));
  const minHz = Math.max(0.3, (2 * series.rateHz) / coarse);
  const maxHz = 0.4 * series.rateHz;
  const coarseSpectrum = averagePsd(series, from, to, coarse);
  const fineSpectrum = averagePsd(series, from, to, fine);
  if (!coarseSpectrum || !fineSpectrum) return null;
  const coarsePeaks = pickPeaks(coarseSpectrum, { minHz, maxHz, count: MODES_PER_STREAM });
  // Only fine peaks under a coarse one count: a fine PSD also shows bumps no mode makes.
  const reach = (3 * series.rateHz) / coarse;
  const finePeaks = pickPeaks(fineSpectrum, { minHz, maxHz, count: 4 * MODES_PER_STREAM }).filter(
    (peak) => coarsePeaks.some((c) => Math.abs(c.frequencyHz - peak.frequencyHz) <= reach),
  );
  const peaks = (finePeaks.length > 0 ? distinctPeaks(finePeaks, fineSpectrum) : coarsePeaks).slice(
    0,
    MODES_PER_STREAM,
  );
  if (peaks.length === 0) return null;
  const initialHz = peaks.map((p) => p.frequencyHz).sort((a, b) => a - b);
  const gaps = initialHz.slice(1).map((f, k) => f - (initialHz[k] ?? 0));
  const closest = Math.min(Infinity, ...gaps);
  let segmentLength = coarse;
  while (segmentLength < fine && (3 * series.rateHz) / segmentLength > closest) segmentLength *= 2;
  return { initialHz, minHz, maxHz, segmentLength };
}

/**
 * The strongest peaks that are separate modes, strongest first: a weaker peak within four fine
 * bins of a stronger one, or without a dip to half its power between them, is the same mode
 * smeared by the day's thermal drift, not a second one.
 */
function distinctPeaks(
  peaks: readonly SpectralPeak[],
  spectrum: { frequencies: Float64Array; psd: Float64Array },
): SpectralPeak[] {
  const bin = (spectrum.frequencies[1] ?? 0) - (spectrum.frequencies[0] ?? 0);
  const kept: SpectralPeak[] = [];
  for (const peak of [...peaks].sort((a, b) => b.power - a.power)) {
    const separate = kept.every((other) => {
      if (Math.abs(other.frequencyHz - peak.frequencyHz) < 4 * bin) return false;
      const [low, high] = [other.frequencyHz, peak.frequencyHz].sort((a, b) => a - b);
      let dip = Infinity;
      spectrum.frequencies.forEach((f, k) => {
        if (f > (low ?? 0) && f < (high ?? 0)) dip = Math.min(dip, spectrum.psd[k] ?? Infinity);
      });
      return dip < 0.5 * Math.min(peak.power, other.power);
    });
    if (separate) kept.push(peak);
  }
  return kept;
}

/**
 * Which accelerometers share their per-stream frequency features: those of one span measuring
 * in one direction see the same modes at other points of the deck, and the multi-channel
 * identification takes them together (decision 059); trackers on each added near-duplicate
 * features and minutes to an evaluation. A stream without a recorded span and direction is its
 * own group, as every accelerometer was before (decision 076, amended 2026-12-01).
 */
export const trackerGroup = (stream: BridgeStream): string =>
  stream.placement
    ? `span ${stream.placement.spanId} ${stream.placement.direction}`
    : `stream ${stream.id}`;

/**
 * Decides, from the first day of the baseline, how each stream enters the features: its grid
 * rate, its usual samples per window (so a duty-cycled accelerometer is not taken as short of
 * samples) and, for accelerometers, the modes to track. Streams of faulty, maintenance or
 * inactive sensors are planned like the others: whether they are used is decided per run.
 * Every accelerometer is planned for its statistics; one per span and direction for its modes.
 */
export function planDataset(
  streams: BridgeStream[],
  firstDay: StoredBlock[],
  from: number,
  to: number,
): DatasetPlan {
  const planned: PlannedStream[] = [];
  const accelerometers: { stream: BridgeStream; series: StreamSeries; expected: number }[] = [];
  const unfed: string[] = [];
  for (const stream of streams) {
    const blocks = firstDay.filter((b) => b.datastreamId === stream.id);
    const rateHz = gridRate(blocks);
    if (blocks.length === 0 || rateHz <= 0) {
      unfed.push(stream.streamId);
      continue;
    }
    const series = seriesFromBlocks(
      stream.streamId,
      stream.dataType,
      rateHz,
      blocksForGrid(blocks, rateHz),
      from,
      to,
    );
    const counts: number[] = [];
    for (let start = from; start + WINDOW_MS <= to; start += WINDOW_MS) {
      counts.push(windowStats(sliceSeries(series, start, start + WINDOW_MS)).count);
    }
    const expectedSamples = median(counts);
    if (expectedSamples === 0) {
      unfed.push(stream.streamId);
      continue;
    }
    // The plan is stored with the model: as it was, without the placement.
    const entry = { ...stream, rateHz, expectedSamples };
    delete entry.placement;
    planned.push(entry);
    if (stream.dataType === 'acceleration') {
      accelerometers.push({ stream, series, expected: expectedSamples });
    }
  }
  // One tracked accelerometer per span and direction (decision 076, amended 2026-12-01): the
  // group's lowest data stream id whose first day shows modes, listed in the streams' order.
  const tracked = new Map<string, { order: number; setup: ModalSetup }>();
  for (const { stream, series, expected } of [...accelerometers].sort(
    (a, b) => a.stream.id - b.stream.id,
  )) {
    const group = trackerGroup(stream);
    if (tracked.has(group)) continue;
    const modes = findModes(series, from, to, expected);
    const order = accelerometers.findIndex((a) => a.stream.id === stream.id);
    if (modes) tracked.set(group, { order, setup: { stream: stream.streamId, ...modes } });
  }
  const modal = [...tracked.values()].sort((a, b) => a.order - b.order).map((t) => t.setup);
  const temperature = planned.find((s) => s.dataType === 'temperature');
  return {
    streams: planned,
    temperatureStream: temperature?.streamId ?? null,
    modal,
    family: familyOf(planned, modal),
    unfed,
  };
}

function familyOf(planned: readonly PlannedStream[], modal: readonly ModalSetup[]): FeatureFamily {
  if (modal.some((m) => m.initialHz.length > 0)) return 'modal';
  if (planned.some((s) => QUASI_STATIC_TYPES.includes(s.dataType))) return 'quasi-static';
  return 'every-statistic';
}
