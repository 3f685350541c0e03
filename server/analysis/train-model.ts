import { at } from '../analytics/at.ts';
import { trainDetector } from '../analytics/detector.ts';
import { type MethodName } from '../analytics/detector-types.ts';
import { TRAINERS } from '../analytics/detect.ts';
import { applyCompensation, dailyMeans, fitCompensation } from '../analytics/health-indicator.ts';
import type { Db } from '../db/client.ts';
import {
  baselineRange,
  CALIBRATION_BLOCK_WINDOWS,
  DAY_MS,
  NotReadyError,
} from './analysis-rules.ts';
import { type BridgeStream, loadBlocksByStream } from './bridge-streams.ts';
import { contextRows, meanOf } from './context.ts';
import { type DatasetPlan, planDataset, WINDOW_SECONDS } from './dataset-plan.ts';
import { withSsiModes } from './ssi-plan.ts';
import type { FaultSpans } from './fault-spans.ts';
import { withoutRareModes } from './learnable-modes.ts';
import { missingModeRate } from './missing-modes.ts';
import type { IndicatorModel, StoredModel } from './stored-model.ts';
import { loadStreamTwins } from './stream-twins.ts';
import { learnReferenceTwinRatios } from './twin-reference.ts';
import { type Interval, isExcluded } from './training-exclusions.ts';
import { type DatasetWindow, loadWindows, planFeatureNames } from './window-dataset.ts';

const WINDOW_MS = WINDOW_SECONDS * 1000;
/** z for a 0.1 % one-sided normal tail: the same exceedance as the detector's threshold rule. */
const ALARM_Z = 3.09;

export interface TrainingOptions {
  method?: MethodName;
  epochs?: number;
  seed?: number;
  onProgress?: (progress: number, message: string) => void;
  /** Data stream id → epoch ms before which its data is left out (a re-zeroed sensor). */
  blankBefore?: ReadonlyMap<number, number>;
  /** Data time never learnt (training-exclusions.ts): alarm episodes, after an open alert. */
  exclude?: readonly Interval[];
  /**
   * Spans of sensor faults per data stream (decision 048): the stream's features are left out
   * of those windows, exactly as the scoring leaves them out, and learnt from the rest.
   */
  faultSpans?: FaultSpans;
  /**
   * The bridge trained, so its stored SSI modes can replace the modal span's peak trackers
   * (ssi-plan.ts, decision 076 amended 2026-12-02); absent: the trackers alone.
   */
  bridgeId?: number;
}

export interface TrainedBridgeModel {
  model: StoredModel;
  baseline: { from: number; to: number };
  trainingMs: number;
  /** Every usable window of the baseline period, excluded ones too (scoring reuses them). */
  baselineWindows: DatasetWindow[];
  /** The windows the detector learnt. */
  trainingWindows: DatasetWindow[];
  /** Baseline windows left out because they fall in an excluded interval. */
  excludedWindows: number;
}

/**
 * The indicator (temperature-compensated first natural frequency of the first tracked
 * accelerometer, or of the SSI modes where the plan has them) and its alarm level: the baseline's
 * daily mean minus 3.09 standard deviations of its daily values, the level a healthy day falls
 * below with probability 0.1 %.
 */
function fitIndicator(
  model: Omit<StoredModel, 'indicator'>,
  windows: DatasetWindow[],
  context: number[][],
): IndicatorModel | null {
  // With SSI modes, the modal span's first mode identified from all its accelerometers.
  const first = model.plan.modal[0];
  const feature = model.plan.ssi ? 'ssi.f1' : first ? `${first.stream}.f1` : null;
  if (feature === null) return null;
  const column = model.featureNames.indexOf(feature);
  const frequencies = windows.map((w) => at(w.features, column));
  if (frequencies.filter(Number.isFinite).length < 2) return null;
  const temperatures = context.map((c) => c[0] ?? Number.NaN);
  const compensation = model.plan.temperatureStream
    ? fitCompensation(frequencies, temperatures)
    : null;
  const values = frequencies.map((f, i) =>
    compensation ? applyCompensation(compensation, f, at(temperatures, i)) : f,
  );
  const from = windows[0]?.start ?? 0;
  const days = Math.ceil(((windows.at(-1)?.end ?? from) - from) / DAY_MS);
  const daily = dailyMeans(
    windows.map((w) => w.start),
    values,
    from,
    days,
  ).filter(Number.isFinite);
  const mean = meanOf(daily);
  const spread =
    mean === null || daily.length < 2
      ? null
      : Math.sqrt(daily.reduce((s, v) => s + (v - mean) ** 2, 0) / (daily.length - 1));
  return {
    feature,
    compensation,
    alarmLow: mean === null || spread === null ? null : mean - ALARM_Z * spread,
  };
}

/** Trains a bridge's detector on its baseline (rule in analysis-rules.ts). */
export async function trainBridgeModel(
  db: Db,
  streams: BridgeStream[],
  extent: { first: number; newest: number },
  options: TrainingOptions = {},
): Promise<TrainedBridgeModel> {
  const started = performance.now();
  const report = options.onProgress ?? (() => undefined);
  const range = baselineRange(extent.first, extent.newest);
  const baseline = {
    from: Math.ceil(range.from / WINDOW_MS) * WINDOW_MS,
    to: Math.floor(range.to / WINDOW_MS) * WINDOW_MS,
  };
  report(0, 'Reading the first baseline day');
  const firstDay = await loadBlocksByStream(
    db,
    streams.map((s) => s.id),
    baseline.from,
    baseline.from + DAY_MS,
  );
  const peaks = planDataset(streams, firstDay, baseline.from, baseline.from + DAY_MS);
  if (peaks.streams.length === 0)
    throw new NotReadyError('No data stream of this bridge has data in its baseline');
  const discovered =
    options.bridgeId === undefined
      ? peaks
      : await withSsiModes(db, options.bridgeId, peaks, streams, baseline);
  const readBaseline = (withPlan: DatasetPlan) =>
    loadWindows(db, withPlan, streams, baseline, {
      ...(options.blankBefore ? { blankBefore: options.blankBefore } : {}),
      ...(options.faultSpans ? { faultSpans: options.faultSpans } : {}),
      onDay: (done, days) => report((0.3 * done) / days, `Reading baseline day ${done} of ${days}`),
    });
  let plan = discovered;
  let set = await readBaseline(plan);
  // A mode the trackers rarely found cannot be learnt: the baseline is read again without it,
  // so the remaining modes are tracked as the scoring will track them.
  const learnable = withoutRareModes(plan, set.windows);
  if (learnable) {
    plan = learnable;
    set = await readBaseline(plan);
  }
  const usable = set.windows.filter((w) => w.features.some(Number.isFinite));
  const windows = usable.filter((w) => !isExcluded(w, options.exclude ?? []));
  const hasTemperature = plan.temperatureStream !== null;
  const contextFill = hasTemperature ? meanOf(windows.map((w) => w.temperatureC)) : null;
  const context = contextRows(windows, hasTemperature, contextFill, 'deck');
  const method = options.method ?? 'autoencoder';
  report(0.3, `Training the ${method} on ${windows.length} baseline windows`);
  let detector;
  try {
    detector = await trainDetector(
      method,
      TRAINERS[method],
      { features: windows.map((w) => w.features), context },
      {
        ...(options.seed === undefined ? {} : { seed: options.seed }),
        ...(options.epochs === undefined ? {} : { epochs: options.epochs }),
        calibrationBlockRows: CALIBRATION_BLOCK_WINDOWS,
        onProgress: (fraction) =>
          report(0.3 + 0.7 * fraction, `Training the ${method}: ${Math.round(fraction * 100)} %`),
      },
    );
  } catch (error) {
    if (error instanceof RangeError) {
      throw new NotReadyError(`Too few usable baseline windows to train: ${error.message}`);
    }
    throw error;
  }
  // The gain check's reference (decision 048, 2026-11-30): twins read while their sensors were
  // in service by the status in force then (decision 045, 2026-12-03 (j)), not by the status now.
  const partial = {
    version: 1 as const,
    plan,
    featureNames: planFeatureNames(plan),
    detector: detector.model,
    contextFill,
    contextLayout: 'deck' as const,
  };
  const model: StoredModel = {
    ...partial,
    indicator: fitIndicator(partial, windows, context),
    missingModeRate: missingModeRate(partial.featureNames, windows),
    twinRatios: await learnReferenceTwinRatios(
      db,
      streams,
      await loadStreamTwins(db, streams),
      baseline.to,
      options.faultSpans,
    ),
  };
  return {
    model,
    baseline,
    trainingMs: performance.now() - started,
    baselineWindows: usable,
    trainingWindows: windows,
    excludedWindows: usable.length - windows.length,
  };
}
