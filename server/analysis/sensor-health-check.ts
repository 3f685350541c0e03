import { LIMIT_WINDOW_MS } from '../analytics/limit-breaches.ts';
import { sensorFaults, type SensorFault } from '../analytics/sensor-health.ts';
import {
  meanWindow,
  recentFaults,
  sampleGrid,
} from '../analytics/sensor-validation/recent-faults.ts';
import {
  fitThermalModel,
  thermalPrediction,
  type ThermalModel,
} from '../analytics/sensor-validation/thermal-model.ts';
import {
  defaultValidation,
  GAIN_FACTOR,
  GAIN_MIN_JUDGED_SHARE,
} from '../analytics/sensor-validation/thresholds.ts';
import {
  judgeTwinGain,
  type TwinDisagreement,
  type TwinRatio,
} from '../analytics/sensor-validation/twin-gain.ts';
import { steppedWithNeighbours } from '../analytics/sensor-validation/neighbour-steps.ts';
import type { ValidationFault, WindowSummary } from '../analytics/sensor-validation/types.ts';
import { summariseWindows } from '../analytics/sensor-validation/window-summary.ts';
import type { Db } from '../db/client.ts';
import type { FoundSensorFault } from '../repositories/sensor-faults-repository.ts';
import { faultsInForce } from './fault-spans.ts';
import { DAY_MS } from './analysis-rules.ts';
import { type BridgeStream, type StoredBlock, loadBlocks } from './bridge-streams.ts';
import { slotMeans } from './window-means.ts';
import { loadStreamTwins } from './stream-twins.ts';
export type { StreamDisagreement } from './stream-disagreement.ts';
import { twinResidualDisagreements } from './twin-residual-check.ts';
import { loneMoverFaults } from './lone-mover-faults.ts';
import { loadDeclaredRanges } from './declared-ranges.ts';
import {
  declaredRangeClipping,
  type DeclaredRange,
} from '../analytics/sensor-validation/range-clipping.ts';
import { DATA_TYPE_UNITS } from '../../domain/enums.ts';
import type { StreamDisagreement } from './stream-disagreement.ts';

/** The span sensor health is checked over: the last day before the newest sample. */
export const SENSOR_HEALTH_DAYS = 1;
/**
 * The span of 10-minute means the drift rules read (decision 030): a week of own history, and a
 * day more so a temperature model can be fitted on data before the last day.
 */
export const DRIFT_SPAN_DAYS = 8;
/** Channels that move with the structure's settlement or load: an offset's neighbours. */
const NEIGHBOUR_TYPES: ReadonlySet<BridgeStream['dataType']> = new Set([
  'strain',
  'tilt',
  'displacement',
  'load',
]);
/** Drift thresholds are in µε per hour (decision 030): only strain is judged for drift. */
const DRIFT_UNITS: Partial<Record<BridgeStream['dataType'], string>> = { strain: 'µε' };

export interface StreamFaults {
  datastreamId: number;
  streamId: string;
  /** The issue-15 signal faults of the last day, in words. */
  faults: SensorFault[];
  /** Every fault found with its kind and onset (the signal faults among them). */
  found: FoundSensorFault[];
}

export interface HealthCheck {
  faults: StreamFaults[];
  /** The temperature model of each stream that has one (for temperature-compensated limits). */
  thermal: Map<number, ThermalModel>;
  /** The stream the models read, when the bridge has an active thermometer. */
  temperatureStreamId: number | null;
  /** Twin pairs whose response ratio moved, neither singled out (decision 068). */
  disagreements: StreamDisagreement[];
}

/**
 * The issue-15 faults keep their rules and words; each takes its onset from the windowed rule of
 * its kind when that found one (else the checked day's start).
 */
function signalFound(
  stream: BridgeStream,
  faults: readonly SensorFault[],
  windowed: readonly ValidationFault[],
  from: number,
): FoundSensorFault[] {
  return faults.map((fault) => ({
    datastreamId: stream.id,
    kind: fault.kind,
    onsetMs: windowed.find((w) => w.kind === fault.kind)?.onsetMs ?? from,
    reason: fault.detail,
  }));
}

/** The measurement checks of decision 030 on one stream: drift, offset steps, clipping. */
async function measurementFaults(
  db: Db,
  stream: BridgeStream,
  blocks: readonly StoredBlock[],
  end: number,
  temperatures: readonly number[] | null,
  range: DeclaredRange | undefined,
): Promise<{ faults: ValidationFault[]; model: ThermalModel | null; detail: WindowSummary[] }> {
  const rateHz = blocks.at(-1)?.rateHz ?? 0;
  const unit = DRIFT_UNITS[stream.dataType];
  const dayFrom = end - SENSOR_HEALTH_DAYS * DAY_MS;
  const detail =
    rateHz > 0
      ? summariseWindows(
          sampleGrid(blocks, rateHz, dayFrom, end),
          rateHz,
          dayFrom,
          Math.round((LIMIT_WINDOW_MS / 1000) * rateHz),
        )
      : [];
  const spanFrom = end - DRIFT_SPAN_DAYS * DAY_MS;
  const means = await slotMeans(db, stream.id, spanFrom, end);
  // The model is fitted before the last day, so a drift starting there is not learnt as thermal.
  const fitSlots = means.length - (SENSOR_HEALTH_DAYS * DAY_MS) / LIMIT_WINDOW_MS;
  const model = temperatures
    ? fitThermalModel(means.slice(0, fitSlots), temperatures.slice(0, fitSlots))
    : null;
  const faults = recentFaults(
    {
      means: means.map((mean, i) =>
        meanWindow(
          spanFrom + i * LIMIT_WINDOW_MS,
          LIMIT_WINDOW_MS,
          mean,
          Number.isNaN(mean) ? 0 : 1,
        ),
      ),
      ...(model && temperatures
        ? { reference: { mean: thermalPrediction(model, temperatures) } }
        : {}),
      detail,
      checkStuck: stream.dataType !== 'temperature',
      checkDrift: unit !== undefined,
    },
    defaultValidation(LIMIT_WINDOW_MS, unit),
  );
  // At a declared range's edge the clipping is certain, and found in its own window
  // (decision 030, 2026-12-01): it replaces the pile rule's estimate for this stream.
  const clipped = range
    ? declaredRangeClipping(detail, range, DATA_TYPE_UNITS[stream.dataType])
    : null;
  if (clipped)
    return { faults: [...faults.filter((f) => f.kind !== 'clipping'), clipped], model, detail };
  return { faults, model, detail };
}

/**
 * Gain against co-located twins (decision 048, 2026-11-30): the last day's window standard
 * deviations, already summarised for the offset and clipping rules, against the ratios the
 * stored model learnt over its reference's last week. A pair without a learnt ratio (twins named
 * after the training) is not judged until the next training.
 */
async function gainFound(
  db: Db,
  checked: readonly { stream: BridgeStream; measured: { detail: WindowSummary[] } }[],
  reference: readonly TwinRatio[],
  dayFrom: number,
  ownFaults: ReadonlySet<number>,
): Promise<{ faults: Map<number, ValidationFault>; disagreements: StreamDisagreement[] }> {
  if (reference.length === 0) return { faults: new Map(), disagreements: [] };
  const streams = checked.map((c) => c.stream);
  const byId = new Map(streams.map((s) => [s.id, s]));
  const twins = new Map<string, string[]>();
  for (const [id, others] of await loadStreamTwins(db, streams)) {
    const stream = byId.get(id);
    if (stream)
      twins.set(
        stream.streamId,
        others.flatMap((o) => byId.get(o)?.streamId ?? []),
      );
  }
  const dayWindows = (SENSOR_HEALTH_DAYS * DAY_MS) / LIMIT_WINDOW_MS;
  const stds = new Map<string, number[]>();
  for (const { stream, measured } of checked) {
    const std = new Array<number>(dayWindows).fill(Number.NaN);
    for (const w of measured.detail) {
      const i = Math.round((w.startMs - dayFrom) / LIMIT_WINDOW_MS);
      if (i >= 0 && i < dayWindows) std[i] = w.std;
    }
    stds.set(stream.streamId, std);
  }
  const found = judgeTwinGain({
    stds,
    startMs: dayFrom,
    windowMs: LIMIT_WINDOW_MS,
    twins,
    reference,
    factor: GAIN_FACTOR,
    minWindows: GAIN_MIN_JUDGED_SHARE * dayWindows,
    ownFaults: new Set(streams.filter((s) => ownFaults.has(s.id)).map((s) => s.streamId)),
  });
  const byName = new Map(streams.map((s) => [s.streamId, s.id]));
  const faults = new Map(
    [...found.faults].flatMap(([name, fault]) => {
      const id = byName.get(name);
      return id === undefined ? [] : [[id, fault] as const];
    }),
  );
  return { faults, disagreements: found.disagreements.flatMap((d) => streamPair(d, byName)) };
}

function streamPair(
  pair: TwinDisagreement,
  byName: ReadonlyMap<string, number>,
): StreamDisagreement[] {
  const [a, b] = pair.streams;
  const [ida, idb] = [byName.get(a), byName.get(b)];
  if (ida === undefined || idb === undefined) return [];
  return [
    {
      kind: 'gain',
      datastreamIds: [ida, idb],
      streamIds: [a, b],
      onsetMs: pair.onsetMs,
      reason: pair.reason,
      ratioChangePercent: pair.changePercent,
      size: null,
    },
  ];
}

/** Data stream id → the earliest onset among its faults. */
function faultOnsets(
  faults: readonly { datastreamId: number; onsetMs: number }[],
): Map<number, number> {
  const onsets = new Map<number, number>();
  for (const { datastreamId, onsetMs } of faults)
    onsets.set(datastreamId, Math.min(onsetMs, onsets.get(datastreamId) ?? Infinity));
  return onsets;
}

interface Checked {
  stream: BridgeStream;
  faults: SensorFault[];
  measured: { faults: ValidationFault[]; detail: WindowSummary[] };
}

/** One stream's faults by its own checks: the signal rules and the measurement checks. */
function ownFound(checked: Checked, all: readonly Checked[], from: number): FoundSensorFault[] {
  const { stream, faults, measured } = checked;
  // A step the structure made moves the neighbouring channels too (decision 048).
  const neighbours = all
    .filter((c) => c.stream.id !== stream.id && NEIGHBOUR_TYPES.has(c.stream.dataType))
    .map((c) => c.measured.detail);
  return [
    ...signalFound(stream, faults, measured.faults, from),
    ...measured.faults
      .filter((f) => f.kind === 'drift' || f.kind === 'offset' || f.kind === 'clipping')
      .filter((f) => !steppedWithNeighbours(f, neighbours))
      .map((f) => ({
        datastreamId: stream.id,
        kind: f.kind,
        onsetMs: f.onsetMs,
        reason: f.reason,
      })),
  ];
}

/**
 * Checks each active stream of the bridge (issue 15, issue 30): the signal rules of
 * sensor-health.ts over its last day, and the measurement checks of decision 030 (drift on a
 * week of 10-minute means against the stream's temperature model or its own history; offset
 * steps and clipping on the last day's windows; a step is not the sensor's when a neighbouring
 * quasi-static channel stepped in the same window; gain against co-located twins on the same
 * windows). One stream's samples at a time, so memory stays a day of one stream (and a day of
 * window summaries per stream). Only streams with a fault are returned; a thermometer is checked by the signal
 * rules alone (its coarse steps are its resolution).
 */
export async function checkStreamHealth(
  db: Db,
  streams: readonly BridgeStream[],
  newest: number,
  /** The stored model's twin ratios (decision 048, 2026-11-30); none: gain is not judged. */
  twinRatios: readonly TwinRatio[] = [],
): Promise<HealthCheck> {
  const from = newest - SENSOR_HEALTH_DAYS * DAY_MS;
  const end = Math.floor(newest / LIMIT_WINDOW_MS) * LIMIT_WINDOW_MS;
  const active = streams.filter((s) => s.status === 'active');
  const thermometer = active.find((s) => s.dataType === 'temperature') ?? null;
  const temperatures = thermometer
    ? await slotMeans(db, thermometer.id, end - DRIFT_SPAN_DAYS * DAY_MS, end)
    : null;
  const checked: Checked[] = [];
  const thermal = new Map<number, ThermalModel>();
  const ranges = await loadDeclaredRanges(db, active);
  for (const stream of active) {
    const blocks = await loadBlocks(db, [stream.id], Math.min(from, end - DAY_MS), newest);
    const faults = sensorFaults(blocks, from, newest, {
      checkStuck: stream.dataType !== 'temperature',
    });
    const measured =
      stream.dataType === 'temperature'
        ? { faults: [], model: null, detail: [] }
        : await measurementFaults(db, stream, blocks, end, temperatures, ranges.get(stream.id));
    if (measured.model) thermal.set(stream.id, measured.model);
    checked.push({ stream, faults, measured });
  }
  // The sensor's own checks first: of two twins that disagree, they single out the one that
  // changed (decision 068).
  const own = checked.map((c) => ({ ...c, found: ownFound(c, checked, from) }));
  const ownFaulty = new Set(own.filter((o) => o.found.length > 0).map((o) => o.stream.id));
  const gain = await gainFound(
    db,
    checked,
    twinRatios,
    end - SENSOR_HEALTH_DAYS * DAY_MS,
    ownFaulty,
  );
  // In a group of three or more twins, the one that moved alone is named (decision 048,
  // amendment 2026-12-02); a gauge already faulted, by this check or by a stored fault still in
  // force (amendment 2026-12-02 (c)), is judged by its fault from its onset.
  const singledOut = faultOnsets([
    ...own.flatMap((o) => o.found),
    ...[...gain.faults].map(([datastreamId, f]) => ({ datastreamId, onsetMs: f.onsetMs })),
    ...(await faultsInForce(
      db,
      active.filter((s) => s.dataType === 'strain'),
      end,
    )),
  ]);
  const lone = await loneMoverFaults(db, active, end, singledOut);
  // Steps and drifts of one twin against the other (decision 074, 2026-12-01); a gauge the gain
  // check or its group faulted is singled out already.
  const level = await twinResidualDisagreements(
    db,
    active,
    end,
    new Set([...singledOut.keys(), ...lone.map((f) => f.datastreamId)]),
    new Set(gain.disagreements.map((d) => d.datastreamIds.join(':'))),
  );
  const found: StreamFaults[] = [];
  for (const { stream, faults, found: mine } of own) {
    const gained = gain.faults.get(stream.id);
    const all = [
      ...mine,
      ...(gained
        ? [
            {
              datastreamId: stream.id,
              kind: gained.kind,
              onsetMs: gained.onsetMs,
              reason: gained.reason,
            },
          ]
        : []),
      ...lone.filter((f) => f.datastreamId === stream.id),
    ];
    if (all.length > 0) {
      found.push({ datastreamId: stream.id, streamId: stream.streamId, faults, found: all });
    }
  }
  return {
    faults: found,
    thermal,
    temperatureStreamId: thermometer?.id ?? null,
    disagreements: [...gain.disagreements, ...level],
  };
}
