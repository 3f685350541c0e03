import { restoreDetector } from '../analytics/detector.ts';
import type { AlertService } from '../alerts/alert-service.ts';
import type { AnalysisOutcome, SensorChecks } from '../alerts/analysis-outcome.ts';
import type { Schemas } from '../contract-types.ts';
import type {
  AnalysisRepository,
  AnalysisResultRow,
  AnalysisState,
} from './analysis-repository.ts';
import type { AnalysisStores } from './analysis-stores.ts';
import {
  ALARM_EPISODE_RULES,
  ALARM_LEAD_WINDOWS,
  ALARM_SMOOTH_WINDOWS,
  DAY_MS,
  dayStart,
  evaluationRange,
  HISTORY_DAYS,
  NotReadyError,
  PERIOD_DAYS,
  referenceRetrainReason,
} from './analysis-rules.ts';
import { dataExtent, loadBridgeStreams } from './bridge-streams.ts';
import { contextRows } from './context.ts';
import { WINDOW_SECONDS } from './dataset-plan.ts';
import { buildRebaseliningReport, buildReport, scoreWindows } from './evaluation-report.ts';
import { conditionSince, conditionVerdict } from './condition-since.ts';
import { expectedFalseEpisodesPerMonth, judgedShareOf } from './false-alarm-expectation.ts';
import { buildForecastSeries } from './forecast-series.ts';
import { physicalChangeOf } from './frequency-shift.ts';
import { checkStreamHealth, type StreamFaults } from './sensor-health-check.ts';
import { faultSpansOf } from './fault-spans.ts';
import { measurementDetail } from './sensor-fault-words.ts';
import { lateEvidenceCauses } from './late-evidence-readers.ts';
import { trackModes } from './modal-tracking.ts';
import { backfillModes, trainableRange } from './modal-backfill.ts';
import { trackCableTensions } from './cable-tension-step.ts';
import { recordDisagreements } from './twin-disagreements.ts';
import type { StoredSensorFault } from '../repositories/sensor-faults-repository.ts';
import { checkLimits } from './limit-check.ts';
import {
  loadMaintenance,
  maintenanceDueSince,
  maintenancePlan,
  type Rebaselining,
  repairDueSince,
  settlingSensors,
} from './maintenance-plan.ts';
import { createBaselineVersions } from './baseline-versions.ts';
import { storeVersion } from './reference-training.ts';
import { withChartEpisodes } from './chart-episode-merge.ts';
import { chartOutcome, referenceChartStep } from './reference-chart-step.ts';
import { updateReferenceShift } from './reference-shift-step.ts';
import { isStoredModel, type StoredModel } from './stored-model.ts';
import { tellAlerts } from './tell-alerts.ts';
import { ssiFeatureLabels } from './ssi-features.ts';
import { trainBridgeModel } from './train-model.ts';
import { trainingExclusions } from './training-exclusions.ts';
import { alignToWindow, type DatasetWindow, loadWindows } from './window-dataset.ts';
import type { AnalyseOptions, AnalysisOutcomeKind, EvaluationResult } from './evaluation-result.ts';

const WINDOW_MS = WINDOW_SECONDS * 1000;

export interface AnalysisDeps extends AnalysisStores {
  alerts: AlertService;
}

/** Progress writes at most this often, so a job does not hammer the database. */
const PROGRESS_EVERY_MS = 500;

function progressWriter(repository: AnalysisRepository, bridgeId: number) {
  let lastWrite = 0;
  // Writes are chained so a late progress line never overwrites a later state.
  let chain: Promise<void> = Promise.resolve();
  return (state: AnalysisState, progress: number, message: string, force = false) => {
    const now = Date.now();
    if (!force && now - lastWrite < PROGRESS_EVERY_MS) return chain;
    lastWrite = now;
    chain = chain
      .then(() => repository.setProgress(bridgeId, { state, progress, message }))
      .catch(() => undefined);
    return chain;
  };
}

/**
 * One analysis of one bridge, start to end, then the alerts told. Tests call this directly;
 * the server runs `evaluateBridge` on a worker thread and tells the alerts itself.
 */
export async function analyseBridge(
  deps: AnalysisDeps,
  bridgeId: number,
  options: AnalyseOptions = {},
): Promise<AnalysisOutcomeKind> {
  const result = await evaluateBridge(deps, bridgeId, options);
  await tellAlerts(deps.alerts, result);
  return result.kind;
}

/**
 * Train when asked or when no model is stored, score the evaluation period, store the report
 * and the indicator series; returns what the alerts need. Job state and progress go to
 * analysis_results as it runs.
 */
export async function evaluateBridge(
  stores: AnalysisStores,
  bridgeId: number,
  options: AnalyseOptions = {},
): Promise<EvaluationResult> {
  const { db } = stores.database;
  const repository = stores.analysis;
  const bridge = await stores.bridges.findById(bridgeId);
  if (!bridge) return { kind: 'unknown-bridge' };
  const progress = progressWriter(repository, bridgeId);
  // Kept for the not-ready answer: the sensors are checked before training can find too little.
  let checks: SensorChecks | undefined;
  try {
    await progress('scoring', 0, 'Looking at the stored data', true);
    const streams = await loadBridgeStreams(db, bridgeId);
    const extent = await dataExtent(
      db,
      streams.map((s) => s.id),
    );
    if (!extent) throw new NotReadyError('No sensor data stored for this bridge yet');
    // Sensor health first: a broken signal is a sensor fault, and is not judged as structure.
    await progress('scoring', 0, 'Checking the sensors', true);
    // Read once: nothing below changes it before the training step. Gain is judged against the
    // twin ratios it learnt (decision 048, 2026-11-30).
    const storedRow = await repository.findModel(bridgeId);
    const health = await checkStreamHealth(
      db,
      streams,
      extent.newest,
      storedRow && isStoredModel(storedRow.model) ? (storedRow.model.twinRatios ?? []) : [],
    );
    // Recorded maintenance (docs/decisions/023): a repair restarts the baseline from its day,
    // and a serviced sensor's lasting faults end.
    const maintenance = await loadMaintenance(db, stores.maintenance, bridgeId);
    const upkeep = maintenancePlan(maintenance.facts, extent.newest);
    // What is in force after this check, found now or earlier (decision 048): a drifted gauge
    // stays out until it is serviced.
    const faults = await stores.sensorFaults.record(
      bridgeId,
      health.faults.flatMap((f) => f.found),
      servicedSince(upkeep.sensorSince, maintenance.streamsOfSensor),
      new Date(),
    );
    // Each fault's span, ended ones too: from its onset the stream is judged by nothing, before
    // it as usual, in the limits, the training and the scoring alike (decision 048).
    const faultSpans = await faultSpansOf(stores.sensorFaults, streams, {
      from: extent.first,
      to: extent.newest + 1,
    });
    // The modes of all vertical accelerometers together, against the accepted reference's
    // (decision 059): they need no trained model, so a bridge not ready for one has them too.
    await progress('scoring', 0, 'Identifying the modes', true);
    const versions = createBaselineVersions(db);
    await trackModes(db, bridgeId, {
      newestMs: extent.newest,
      faultSpans,
      referenceVersion: (await versions.active(bridgeId))?.version ?? 0,
    });
    // Each stay's or hanger's tension from its harmonic series, judged against its limits
    // (decision 079): no trained model needed either.
    await progress('scoring', 0, 'Estimating the cable tensions', true);
    const cableTensionBreaches = await trackCableTensions(db, bridgeId, {
      newestMs: extent.newest,
      faultSpans,
    });
    // Engineer-set limits of strain, tilt and displacement: judged with no baseline at all, on
    // temperature-compensated means where the stream has a temperature model.
    await progress('scoring', 0, 'Checking the limits', true);
    // The last stored result, read once: its data end, report and forecast all serve below.
    const previousResult = await repository.findResult(bridgeId);
    const seenUntil = previousResult?.dataUntil?.getTime() ?? null;
    const breaches = await checkLimits(db, bridgeId, faultSpans, extent.newest, seenUntil, {
      models: health.thermal,
      temperatureStreamId: health.temperatureStreamId,
    });
    const sensorFaults = faultsOfOutcome(health.faults, faults);
    const sensorDisagreements = await recordDisagreements(
      stores.sensorDisagreements,
      bridgeId,
      health.disagreements,
      extent.newest,
    );
    checks = {
      bridgeId,
      sensorFaults,
      sensorDisagreements,
      limitBreaches: breaches,
      cableTensionBreaches,
    };
    if (upkeep.rebaselining) {
      return await saveRebaselining(
        repository,
        bridge.name,
        bridgeId,
        extent.newest,
        { sensorFaults, sensorDisagreements, limitBreaches: breaches, cableTensionBreaches },
        previousResult,
        {
          ...upkeep.rebaselining,
          sinceMs: upkeep.structuralSince ?? extent.newest,
        },
      );
    }
    const learnable = {
      first: Math.max(extent.first, upkeep.structuralSince ?? 0),
      newest: extent.newest,
    };
    // Baseline windows the live step never identified, a bounded few per evaluation, so an older
    // bridge's next training can take its SSI modes (decision 076 (c)).
    const nextBaseline = trainableRange(learnable.first, learnable.newest);
    if (nextBaseline) {
      await progress('scoring', 0, 'Identifying the baseline modes', true);
      await backfillModes(db, bridgeId, {
        baseline: nextBaseline,
        faultSpans,
        referenceVersion: (await versions.active(bridgeId))?.version ?? 0,
        nowMs: Date.now(),
      });
    }
    const blankBefore = new Map(
      [...upkeep.sensorSince].flatMap(([sensor, since]) =>
        maintenance.streamsOfSensor(sensor).map((stream) => [stream, since] as const),
      ),
    );
    let row = storedRow;
    let baselineWindows: DatasetWindow[] = [];
    let baselineEnd = 0;
    const previousReport = previousResult?.report as
      Partial<Schemas['AnomalyReport']> | null | undefined;
    const latest = await versions.latest(bridgeId);
    const maintenanceSince = row?.baselineEnd
      ? maintenanceDueSince(
          upkeep,
          row.baselineStart.getTime(),
          row.baselineEnd.getTime(),
          extent.newest,
        )
      : null;
    const due =
      !!row?.baselineEnd &&
      (maintenanceSince !== null ||
        referenceRetrainReason(
          latest,
          row.baselineEnd.getTime(),
          extent.newest,
          outsideLearnedStarts(previousReport),
        ) !== null);
    // Evidence entered after the training about a time inside the reference (a fault found late,
    // decision 048; a register status changed late, decision 045 (j)): the model learnt windows
    // the training would have read otherwise, so it is trained once more, saying why.
    const lateCauses = await lateEvidenceCauses({
      db,
      bridgeId,
      faultsInForce: faults,
      baselineEnd: row?.baselineEnd,
      trainedAt: latest?.createdAt ?? row?.trainedAt,
    });
    // Models stored before the feature families score traffic too: they are retrained once.
    const beforeFamilies = !!row && isStoredModel(row.model) && row.model.plan.family === undefined;
    const usable = !!row && isStoredModel(row.model);
    let activated = false;
    if (options.retrain === true || !usable || due || beforeFamilies || lateCauses.length > 0) {
      await progress('training', 0, 'Starting training', true);
      // Training never learns damage (decision 041): alarm episodes and the time since a
      // structural alert still open are left out, and a faulty stream from its fault's onset.
      const trained = await trainBridgeModel(db, streams, learnable, {
        ...options,
        bridgeId,
        blankBefore,
        exclude: await trainingExclusions(db, bridgeId),
        faultSpans,
        onProgress: (fraction, message) => void progress('training', fraction, message),
      }).catch((error: unknown) => {
        // Too little left to learn (a long alarm): the active version goes on scoring.
        if (error instanceof NotReadyError && usable) return null;
        throw error;
      });
      // A repair's version keeps the reference's temperature sensitivity (decision 051).
      const repairSince =
        maintenanceSince !== null && row
          ? repairDueSince(upkeep, row.baselineStart.getTime())
          : null;
      const version = trained
        ? await storeVersion(db, versions, bridgeId, trained, maintenanceSince, repairSince, {
            cause: lateCauses.join(' ') || null,
            // A stiffer version is held beyond a share of the bridge's amber level (decision 067).
            amberPercent: (await stores.analysisSettings.ofBridge(bridgeId)).amberPercent,
          })
        : null;
      if (trained && version?.status === 'active') {
        activated = true;
        row = await repository.findModel(bridgeId);
        baselineWindows = trained.baselineWindows;
        baselineEnd = trained.baseline.to;
      }
    }
    if (!row || !isStoredModel(row.model)) throw new Error('the stored model is unreadable');
    const model: StoredModel = row.model;
    const detector = restoreDetector(model.detector);

    await progress('scoring', 0, 'Reading the evaluation period', true);
    const first = Math.ceil(learnable.first / WINDOW_MS) * WINDOW_MS;
    // A re-zeroed or replaced sensor is left out until a baseline holds its new output.
    const settling = new Set(
      settlingSensors(upkeep, row.baselineEnd?.getTime() ?? null).flatMap((sensor) =>
        maintenance.streamsOfSensor(sensor),
      ),
    );
    const modelBaseline = {
      from: row.baselineStart?.getTime() ?? first,
      to: row.baselineEnd?.getTime() ?? first,
    };
    const range = evaluationRange(first, alignToWindow(extent.newest), modelBaseline.to);
    const period = { from: Math.ceil(range.from / WINDOW_MS) * WINDOW_MS, to: range.to };
    const previous = activated ? null : previousSeries(previousResult);
    const historyFrom = Math.max(first, dayStart(extent.newest - 1) - (HISTORY_DAYS - 1) * DAY_MS);
    const lastKnownDay = previous?.history.at(-1)?.t;
    const computeFrom = lastKnownDay
      ? Math.max(historyFrom, Date.parse(lastKnownDay))
      : historyFrom;
    // The alarm's trailing mean and its confirmation reach ALARM_LEAD_WINDOWS back from the
    // period's first window.
    const readFrom = Math.min(computeFrom, period.from - ALARM_LEAD_WINDOWS * WINDOW_MS);
    const reused = baselineWindows.filter((w) => w.start >= readFrom && w.start < period.from);
    const loadFrom = Math.max(readFrom, baselineEnd);
    // The trackers carry on from where the last evaluation found the modes on that day.
    const carried = trackerStateAt(previousReport, Math.min(loadFrom, period.from));
    const history =
      loadFrom < period.from
        ? await loadWindows(
            db,
            model.plan,
            streams,
            { from: loadFrom, to: period.from },
            { trackedHz: carried, faultSpans, settling },
          )
        : { windows: [], trackedHz: carried };
    const evaluation = await loadWindows(db, model.plan, streams, period, {
      trackedHz: history.trackedHz,
      faultSpans,
      settling,
      onDay: (done, days) =>
        void progress('scoring', (0.8 * done) / days, `Reading day ${done} of ${days}`),
    });
    await progress('scoring', 0.9, 'Scoring the windows', true);
    const { calibrations } = stores;
    const outOfCalibration = (
      await Promise.all(
        model.plan.streams.map((s) =>
          calibrations.outOfCalibrationOfStream(s.id, period.from, period.to),
        ),
      )
    ).flat();
    const windows = [...reused, ...history.windows, ...evaluation.windows];
    const hasTemperature = model.plan.temperatureStream !== null;
    const scored = scoreWindows(
      detector,
      windows,
      contextRows(windows, hasTemperature, model.contextFill, model.contextLayout),
    );
    const evaluatedAt = new Date();
    // The bridge's own alarm rate and trigger levels (docs/decisions/025): the alarm threshold
    // comes from the stored model's calibration rows at that rate, so no retraining is needed.
    const settings = await stores.analysisSettings.ofBridge(bridgeId);
    const built = buildReport({
      sid: bridge.name,
      bridgeId,
      detector,
      featureNames: model.featureNames,
      period,
      scored: scored.filter((w) => w.start >= period.from),
      smoothWindows: ALARM_SMOOTH_WINDOWS,
      episodeRules: ALARM_EPISODE_RULES,
      before: scored.filter(
        (w) => w.start < period.from && w.start >= period.from - ALARM_LEAD_WINDOWS * WINDOW_MS,
      ),
      skipped: evaluation.skipped,
      evaluatedAt,
      trainedAt: row.trainedAt ?? evaluatedAt,
      alarmTargetRate: settings.targetFalseAlarmRate,
      triggerLevels: settings,
      ...(model.missingModeRate === undefined
        ? {}
        : { baselineMissingModeRate: model.missingModeRate }),
      baseline: modelBaseline,
      ...(model.plan.ssi ? { featureLabels: ssiFeatureLabels(model.plan.ssi) } : {}),
      trackedByDay: evaluation.trackedByDay,
      outOfCalibration,
    });
    // The episodes decide the condition; the stored date of reaching it is kept while it holds.
    const judgedShare = judgedShareOf(built);
    const falseEpisodes = expectedFalseEpisodesPerMonth({
      alpha: settings.targetFalseAlarmRate,
      judgedShare,
      smoothRows: built.smooth_windows ?? 1,
      confirmRows: ALARM_EPISODE_RULES.confirmRows,
    });
    // The charts against the accepted reference back the moving model (decision 067): an
    // episode of either counts towards the condition, and the report says which raised it.
    const reference = await versions.active(bridgeId);
    const controlChart = referenceChartStep(reference, model.featureNames, windows, period);
    const { report: merged, sources } = withChartEpisodes(built, controlChart);
    // Too little judged, the condition is held from the last evaluation that judged enough
    // (decision 017, amendment 2026-12-02 (b)): no episodes found is then no verdict.
    const { conditionCount, held_condition, condition_since } = conditionVerdict(
      previousReport,
      merged.num_anomalies,
      judgedShare,
      evaluatedAt,
    );
    const report = {
      ...merged,
      ...(controlChart ? { control_chart: controlChart } : {}),
      condition_since,
      ...(held_condition ? { held_condition } : {}),
      expected_false_episodes_per_month: falseEpisodes,
      ...disagreementsOf(sensorDisagreements),
    };
    const physicalChange = physicalChangeOf(report.events);
    const forecast = buildForecastSeries({
      sid: bridge.name,
      bridgeId,
      model,
      scored: scored.filter((w) => w.start >= computeFrom),
      allScored: scored,
      detector,
      episodes: report.events,
      periodStart: period.from,
      alertFeature: physicalChange?.feature ?? null,
      previous,
      newest: extent.newest,
      generatedAt: evaluatedAt,
    });
    await repository.saveEvaluation(bridgeId, {
      report,
      forecast,
      numAnomalies: conditionCount,
      dataUntil: new Date(extent.newest),
      evaluatedAt,
      falseEpisodesPerMonth: falseEpisodes,
      // Chart episodes too, those the model also saw included: no later training learns them
      // (decision 041).
      episodes: [...report.events, ...(controlChart?.episodes ?? [])].map((e) => ({
        from: Date.parse(e.start),
        to: Date.parse(e.end),
      })),
    });
    // The cumulative shift against the accepted reference, its levels latched (decision 051).
    const referenceShift = reference
      ? await updateReferenceShift(db, {
          bridgeId,
          reference,
          featureNames: model.featureNames,
          windows,
          levels: { amberPercent: settings.amberPercent, redPercent: settings.redPercent },
          maintenanceRecordedAt: maintenance.recordedAt,
          evaluatedAt,
        })
      : null;
    const outcome: AnalysisOutcome = {
      bridgeId,
      numAnomalies: report.num_anomalies,
      evaluatedAt,
      conditionSince: new Date(report.condition_since),
      ...(held_condition ? { conditionHeld: true } : {}),
      ...(controlChart ? { controlChart: chartOutcome(controlChart, sources) } : {}),
      anomalousWindows: report.windows
        .filter((w) => w.anomalous)
        .map((w) => ({ start: new Date(w.start), end: new Date(w.end), error: w.error ?? 0 })),
      contributingStreams: [
        ...new Set(
          report.top_contributors.flatMap((c) => (c.datastream === null ? [] : [c.datastream])),
        ),
      ],
      sensorFaults,
      sensorDisagreements,
      physicalChange,
      limitBreaches: breaches,
      cableTensionBreaches,
      ...(referenceShift ? { referenceShift } : {}),
      missingModes: {
        rate: report.missing_mode_rate ?? 0,
        baselineRate: model.missingModeRate ?? null,
      },
    };
    return { kind: 'evaluated', outcome };
  } catch (error) {
    await progress('failed', 0, '', true); // drains pending progress writes first
    if (error instanceof NotReadyError) {
      await repository.setProgress(bridgeId, {
        state: 'idle',
        progress: 0,
        message: error.message,
      });
      return checks ? { kind: 'not-ready', checks } : { kind: 'not-ready' };
    }
    const message = error instanceof Error ? error.message : String(error);
    await repository.setProgress(bridgeId, {
      state: 'failed',
      progress: 0,
      message: 'The analysis failed',
      lastError: message,
    });
    throw error;
  }
}

/**
 * Stores the report of a bridge relearning its normal after a repair: the data since the event
 * is listed, not judged; the indicator series keeps its earlier days as history.
 */
async function saveRebaselining(
  repository: AnalysisRepository,
  sid: string,
  bridgeId: number,
  newest: number,
  sensorChecks: Required<Omit<SensorChecks, 'bridgeId'>>,
  previousResult: AnalysisResultRow | undefined,
  rebaselining: Rebaselining & { sinceMs: number },
): Promise<EvaluationResult> {
  const row = await repository.findModel(bridgeId);
  const end = alignToWindow(newest);
  const from = Math.max(rebaselining.sinceMs, end - PERIOD_DAYS * DAY_MS);
  const evaluatedAt = new Date();
  const previous = previousResult?.report as Partial<Schemas['AnomalyReport']> | null | undefined;
  const since = conditionSince(previous, 0, evaluatedAt);
  const unjudged = buildRebaseliningReport({
    sid,
    bridgeId,
    method: row?.method === 'mahalanobis' ? 'mahalanobis' : 'autoencoder',
    threshold: row?.threshold ?? 0,
    period: { from, to: Math.max(from, end) },
    evaluatedAt,
    trainedAt: row?.trainedAt ?? evaluatedAt,
    rebaselining: { since: rebaselining.since, days: rebaselining.days, of: rebaselining.of },
  });
  // Nothing is judged while re-baselining, so nothing can raise a false alarm.
  const report = {
    ...unjudged,
    condition_since: since,
    expected_false_episodes_per_month: 0,
    ...disagreementsOf(sensorChecks.sensorDisagreements),
  };
  const forecast: Schemas['ForecastSeries'] = previousSeries(previousResult) ?? {
    sid,
    bridge: bridgeId,
    indicator: 'Re-baselining after maintenance: no indicator yet',
    unit: 'Hz',
    history: [],
    forecast: [],
    alarm_low: null,
    generated_at: evaluatedAt.toISOString(),
  };
  await repository.saveEvaluation(bridgeId, {
    report,
    forecast,
    numAnomalies: 0,
    dataUntil: new Date(newest),
    evaluatedAt,
    falseEpisodesPerMonth: 0,
  });
  return {
    kind: 'evaluated',
    outcome: {
      bridgeId,
      numAnomalies: 0,
      evaluatedAt,
      conditionSince: new Date(since),
      anomalousWindows: [],
      contributingStreams: [],
      ...sensorChecks,
    },
  };
}

/** Data stream id → the last maintenance of any of its sensors (epoch ms). */
function servicedSince(
  sensorSince: ReadonlyMap<number, number>,
  streamsOfSensor: (sensor: number) => number[],
): Map<number, number> {
  const since = new Map<number, number>();
  for (const [sensor, at] of sensorSince) {
    for (const stream of streamsOfSensor(sensor)) {
      since.set(stream, Math.max(at, since.get(stream) ?? at));
    }
  }
  return since;
}

/**
 * The faults in force as the alerts take them: one entry per stream, its faults in words. The
 * signal faults found now keep their issue-15 words; a measurement fault (drift, offset step,
 * clipping) names its kind's onset, which may be days before this check.
 */
function faultsOfOutcome(
  found: readonly StreamFaults[],
  inForce: readonly StoredSensorFault[],
): NonNullable<AnalysisOutcome['sensorFaults']> {
  const byStream = new Map<number, { datastreamId: number; streamId: string; details: string[] }>();
  for (const fault of inForce) {
    const entry = byStream.get(fault.datastreamId) ?? {
      datastreamId: fault.datastreamId,
      streamId: fault.streamId,
      details: [],
    };
    byStream.set(fault.datastreamId, entry);
    const signal = found
      .find((f) => f.datastreamId === fault.datastreamId)
      ?.faults.find((f) => f.kind === fault.kind);
    entry.details.push(signal ? signal.detail : measurementDetail(fault));
  }
  return [...byStream.values()];
}

/** Twins that disagree, neither singled out (decision 068): reported, neither faulted. */
function disagreementsOf(
  pairs: NonNullable<SensorChecks['sensorDisagreements']>,
): Pick<Schemas['AnomalyReport'], 'sensor_disagreements'> {
  if (pairs.length === 0) return {};
  return {
    sensor_disagreements: pairs.slice(0, 100).map((pair) => ({
      stream_ids: [...pair.streamIds],
      since: pair.since.toISOString(),
      detail: pair.detail,
    })),
  };
}

/** Starts of the stored report's windows outside the learned conditions (none if unreadable). */
function outsideLearnedStarts(report: Partial<Schemas['AnomalyReport']> | null | undefined) {
  const windows = report?.windows;
  if (!Array.isArray(windows)) return [];
  return windows.flatMap((w) => (w.outside_learned_conditions ? [Date.parse(w.start)] : []));
}

/** The stored trackers' frequencies of the latest day at or before `from` (empty if none). */
function trackerStateAt(
  report: Partial<Schemas['AnomalyReport']> | null | undefined,
  from: number,
): Record<string, number[]> {
  const days = Object.entries(report?.tracked_hz ?? {})
    .filter(([day]) => Date.parse(day) <= from)
    .sort(([a], [b]) => Date.parse(a) - Date.parse(b));
  return days.at(-1)?.[1] ?? {};
}

function previousSeries(result: AnalysisResultRow | undefined): Schemas['ForecastSeries'] | null {
  const forecast = result?.forecast as Schemas['ForecastSeries'] | null | undefined;
  return forecast && Array.isArray(forecast.history) ? forecast : null;
}
