import { utcMinuteText } from '../../domain/formats.ts';
import { LIMIT_WINDOW_MS } from '../analytics/limit-breaches.ts';
import { meanWindow } from '../analytics/sensor-validation/recent-faults.ts';
import { scaledDriftEpisodes } from '../analytics/sensor-validation/residual-drift.ts';
import { residualStepFaults } from '../analytics/sensor-validation/residual-step.ts';
import { TWIN_DRIFT, TWIN_OFFSET_SIGMAS } from '../analytics/sensor-validation/thresholds.ts';
import {
  residualJumps,
  twinEstimate,
  type TwinEstimate,
} from '../analytics/sensor-validation/twin-residual.ts';
import type { WindowSummary } from '../analytics/sensor-validation/types.ts';
import type { Db } from '../db/client.ts';
import { DAY_MS } from './analysis-rules.ts';
import type { BridgeStream } from './bridge-streams.ts';
import type { StreamDisagreement } from './stream-disagreement.ts';
import { loadStreamTwins } from './stream-twins.ts';
import { slotMeans } from './window-means.ts';

/** Days the estimate is fitted on before each day it predicts (decision 030, 2026-12-01). */
const FIT_DAYS = 7;
/**
 * The span read per gauge: the judged day, the week its estimate is fitted on, and the week
 * before whose residual slopes scale the drift threshold, as the bench judged them.
 */
export const TWIN_RESIDUAL_SPAN_DAYS = 2 * FIT_DAYS + 1;
/** The rules' thresholds are in µε and µε/h: only strain pairs are judged. */
const UNIT = 'µε';

const signed = (value: number, digits: number) =>
  `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(digits)}`;

const NEITHER =
  'a pair cannot tell which of the two moved, so neither is called faulty on this alone';

interface Pair {
  a: BridgeStream;
  b: BridgeStream;
  means: number[];
  /** The first gauge's 10-minute means as window summaries, for the residual rules. */
  windows: WindowSummary[];
  estimate: TwinEstimate;
}

/** The newest step of `a` against `b` within the fit's week (older ones the fit has learnt). */
function offsetOf(pair: Pair, end: number): StreamDisagreement | null {
  const { a, b, means, windows, estimate } = pair;
  const steps = residualStepFaults(windows, estimate, { sigmas: TWIN_OFFSET_SIGMAS, unit: UNIT });
  const step = steps.filter((s) => s.onsetMs >= end - FIT_DAYS * DAY_MS).at(-1);
  if (!step) return null;
  const residual = means.map((m, i) => m - (estimate.prediction[i] ?? Number.NaN));
  const size = residualJumps(residual)[step.onsetWindow] ?? Number.NaN;
  const times = Math.abs(size) / (estimate.jumpScale[step.onsetWindow] ?? Number.NaN);
  return {
    kind: 'offset',
    datastreamIds: [a.id, b.id],
    streamIds: [a.streamId, b.streamId],
    onsetMs: step.onsetMs,
    ratioChangePercent: null,
    size,
    reason:
      `${a.streamId} and ${b.streamId} disagree: a step of ${signed(size, 1)} ${UNIT} in ` +
      `${a.streamId} against ${b.streamId} at ${utcMinuteText(step.onsetMs)}; one of them moved ` +
      `(${times.toFixed(0)} times the pair's usual shift); ${NEITHER}`,
  };
}

/** A drift of `a` against `b` that still lasts at the span's end. */
function driftOf(pair: Pair): StreamDisagreement | null {
  const { a, b, windows, estimate } = pair;
  const found = scaledDriftEpisodes(windows, estimate.prediction, { ...TWIN_DRIFT, unit: UNIT });
  const drift = found.faults.at(-1);
  if (!found.open || !drift || !Number.isFinite(found.slope)) return null;
  return {
    kind: 'drift',
    datastreamIds: [a.id, b.id],
    streamIds: [a.streamId, b.streamId],
    onsetMs: drift.onsetMs,
    ratioChangePercent: null,
    size: found.slope,
    reason:
      `${a.streamId} and ${b.streamId} disagree: drifting apart at ${signed(found.slope, 1)} ` +
      `${UNIT}/h (${a.streamId} against ${b.streamId}) since ${utcMinuteText(drift.onsetMs)}; ` +
      `one of them is drifting; ${NEITHER}`,
  };
}

/**
 * Offset steps and drifts between co-located strain twins (decision 030's twin residual, wired
 * by decision 074's 2026-12-01 section): each pair's first gauge (in name order) estimated from
 * the second by least squares over the week before each day; a step of the residual beyond
 * TWIN_OFFSET_SIGMAS of its scatter, or a drift beyond TWIN_DRIFT, is a disagreement of the pair,
 * neither gauge faulted (a pair cannot say which one moved). A pair one of whose gauges its own
 * checks already found faulty is not judged: that fault is the finding; nor is a pair found
 * disagreeing in gain. Reads 15 days of
 * 10-minute means per gauge of a pair (about 2,200 numbers), one pair at a time.
 */
export async function twinResidualDisagreements(
  db: Db,
  streams: readonly BridgeStream[],
  end: number,
  ownFaults: ReadonlySet<number>,
  /** Pairs found disagreeing in gain in the same check, as `idA:idB` in name order. */
  gainPairs: ReadonlySet<string> = new Set(),
): Promise<StreamDisagreement[]> {
  const strain = streams.filter((s) => s.dataType === 'strain' && !ownFaults.has(s.id));
  if (strain.length < 2) return [];
  const byId = new Map(strain.map((s) => [s.id, s]));
  const spanFrom = end - TWIN_RESIDUAL_SPAN_DAYS * DAY_MS;
  const dayWindows = DAY_MS / LIMIT_WINDOW_MS;
  const found: StreamDisagreement[] = [];
  const seen = new Set<string>();
  for (const [id, others] of await loadStreamTwins(db, strain)) {
    for (const other of others) {
      const [x, y] = [byId.get(id), byId.get(other)];
      if (!x || !y) continue;
      // The pair in name order, as decision 068's gain pairs are.
      const [a, b] = x.streamId < y.streamId ? [x, y] : [y, x];
      const key = `${a.id}:${b.id}`;
      // A changed gain scales the thermal strain too, so the level moves with it: that is the
      // gain episode's finding, not a second one.
      if (seen.has(key) || gainPairs.has(key)) continue;
      seen.add(key);
      const means = await slotMeans(db, a.id, spanFrom, end);
      const twin = await slotMeans(db, b.id, spanFrom, end);
      const windows = means.map((mean, i) =>
        meanWindow(
          spanFrom + i * LIMIT_WINDOW_MS,
          LIMIT_WINDOW_MS,
          mean,
          Number.isNaN(mean) ? 0 : 1,
        ),
      );
      const pair = {
        a,
        b,
        means,
        windows,
        estimate: twinEstimate(means, [twin], dayWindows, FIT_DAYS),
      };
      const drift = driftOf(pair);
      const step = offsetOf(pair, end);
      // A drift moves the residual a little every window; on a tight pair the offset rule
      // reads that as a step. A step from the open drift's onset on is the drift's.
      const ownStep = step && !(drift && step.onsetMs >= drift.onsetMs) ? step : null;
      found.push(...[ownStep, drift].flatMap((d) => d ?? []));
    }
  }
  return found;
}
