import { LIMIT_WINDOW_MS } from '../analytics/limit-breaches.ts';
import { sampleGrid } from '../analytics/sensor-validation/recent-faults.ts';
import { GAIN_BASE_MS, GAIN_MIN_REFERENCE_MS } from '../analytics/sensor-validation/thresholds.ts';
import { learnTwinRatios, type TwinRatio } from '../analytics/sensor-validation/twin-gain.ts';
import { windowStds } from '../analytics/sensor-validation/window-std.ts';
import type { Db } from '../db/client.ts';
import { statusSpansOfStreams } from '../fatigue/excluded-windows.ts';
import { NOT_JUDGED_STATUSES } from '../fatigue/status-periods.ts';
import { DAY_MS } from './analysis-rules.ts';
import { type BridgeStream, loadBlocks } from './bridge-streams.ts';
import type { FaultSpans } from './fault-spans.ts';

/**
 * One stream's 10-minute window standard deviations over [from, to) (10-minute aligned), from
 * its raw samples one day at a time; NaN for a window without samples or touching one of
 * `spans` (a fault of the stream).
 */
export async function streamWindowStds(
  db: Db,
  streamId: number,
  range: { from: number; to: number },
  spans: readonly { from: number; to: number }[] = [],
): Promise<number[]> {
  const stds: number[] = [];
  for (let dayFrom = range.from; dayFrom < range.to; dayFrom += DAY_MS) {
    const dayTo = Math.min(range.to, dayFrom + DAY_MS);
    const windows = Math.round((dayTo - dayFrom) / LIMIT_WINDOW_MS);
    const blocks = await loadBlocks(db, [streamId], dayFrom, dayTo);
    const rateHz = blocks.at(-1)?.rateHz ?? 0;
    const windowSamples = Math.round((LIMIT_WINDOW_MS / 1000) * rateHz);
    const day =
      windowSamples >= 2
        ? windowStds(sampleGrid(blocks, rateHz, dayFrom, dayTo), windowSamples)
        : [];
    for (let w = 0; w < windows; w += 1) {
      const start = dayFrom + w * LIMIT_WINDOW_MS;
      const faulty = spans.some((s) => s.from < start + LIMIT_WINDOW_MS && s.to > start);
      stds.push(faulty ? NaN : (day[w] ?? NaN));
    }
  }
  return stds;
}

/**
 * The twins' amplitude ratios the gain check compares against (decision 048, 2026-11-30): over
 * the last week of the reference period (decision 030's week), each stream's windows during its
 * faults left out, and those in which the register had a gauge of it inactive, faulty or Under
 * Maintenance then (decision 045, 2026-12-03 (j)): a gauge out of service last week teaches no
 * ratio, whatever its status now. Learnt when a model is trained and stored with it.
 */
export async function learnReferenceTwinRatios(
  db: Db,
  streams: readonly BridgeStream[],
  twins: ReadonlyMap<number, readonly number[]>,
  baselineTo: number,
  faultSpans: FaultSpans = new Map(),
): Promise<TwinRatio[]> {
  const byId = new Map(streams.map((s) => [s.id, s]));
  const range = { from: Math.max(0, baselineTo - GAIN_BASE_MS), to: baselineTo };
  const statusSpans = await statusSpansOfStreams(
    db,
    [...twins.keys()],
    range.from,
    range.to,
    NOT_JUDGED_STATUSES,
  );
  const stds = new Map<string, number[]>();
  const named = new Map<string, string[]>();
  for (const [id, others] of twins) {
    const stream = byId.get(id);
    if (!stream) continue;
    named.set(
      stream.streamId,
      others.flatMap((other) => byId.get(other)?.streamId ?? []),
    );
    const spans = [...(faultSpans.get(id) ?? []), ...(statusSpans.get(id) ?? [])];
    stds.set(stream.streamId, await streamWindowStds(db, id, range, spans));
  }
  return learnTwinRatios(stds, named, GAIN_MIN_REFERENCE_MS / LIMIT_WINDOW_MS);
}
