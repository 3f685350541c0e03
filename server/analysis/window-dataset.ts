import { blockSeries } from '../analytics/series.ts';
import { extractWindowFeatures, type WindowingResult } from '../analytics/window-features.ts';
import type { Db } from '../db/client.ts';
import { type BridgeStream, loadBlocksByStream, type StoredBlock } from './bridge-streams.ts';
import {
  blocksForGrid,
  type DatasetPlan,
  type PlannedStream,
  QUASI_STATIC_TYPES,
  WINDOW_SECONDS,
} from './dataset-plan.ts';
import { statusSpansOfStreams } from '../fatigue/excluded-windows.ts';
import { NOT_JUDGED_STATUSES, type StatusSpan } from '../fatigue/status-periods.ts';
import type { FaultSpans } from './fault-spans.ts';
import { createModesStore } from './modes-store.ts';
import { identifiedWindow, ssiFeatureNames, ssiFeatureRows } from './ssi-features.ts';
import { type Interval, isExcluded } from './training-exclusions.ts';

const DAY_MS = 86_400_000;
const WINDOW_MS = WINDOW_SECONDS * 1000;
const STATS = ['mean', 'rms', 'peak', 'std'];

export interface DatasetWindow {
  start: number;
  end: number;
  /** In the order of the plan's feature names; NaN where missing (never filled). */
  features: number[];
  temperatureC: number;
}

export interface WindowSet {
  windows: DatasetWindow[];
  /** Windows not scored, by reason; a left-out stream counts each window it is left out of. */
  skipped: Record<string, number>;
  /** Each tracked accelerometer's last frequencies (to carry on from). */
  trackedHz: Record<string, number[]>;
  /** The trackers' frequencies at the start of each day read (ISO day start → stream → Hz). */
  trackedByDay: Record<string, Record<string, number[]>>;
}

export const modeNames = (plan: DatasetPlan, streamId: string): string[] =>
  plan.modal.find((m) => m.stream === streamId)?.initialHz.map((_, k) => `${streamId}.f${k + 1}`) ??
  [];

/**
 * The detector's feature names, by the plan's family (dataset-plan.ts): the tracked modes; or the
 * means of the quasi-static streams; or, for models stored before the families, every scored
 * stream's statistics followed by its modes.
 */
export function planFeatureNames(plan: DatasetPlan): string[] {
  const scored = plan.streams.filter((s) => s.streamId !== plan.temperatureStream);
  switch (plan.family ?? 'every-statistic') {
    case 'modal':
      return [
        ...scored.flatMap((s) => modeNames(plan, s.streamId)),
        ...(plan.ssi ? ssiFeatureNames(plan.ssi) : []),
      ];
    case 'quasi-static':
      return scored
        .filter((s) => QUASI_STATIC_TYPES.includes(s.dataType))
        .map((s) => `${s.streamId}.mean`);
    case 'every-statistic':
      return scored.flatMap((s) => [
        ...STATS.map((stat) => `${s.streamId}.${stat}`),
        ...modeNames(plan, s.streamId),
      ]);
  }
}

/** The data stream a feature name comes from. */
export const streamOfFeature = (feature: string): string =>
  feature.slice(0, feature.lastIndexOf('.'));

export const alignToWindow = (ms: number): number => Math.floor(ms / WINDOW_MS) * WINDOW_MS;

/**
 * Cuts [from, to) into 10-minute windows of features, one day of stored blocks at a time so
 * memory stays flat over weeks. Streams that are `settling` (or no longer fed by a sensor of the
 * bridge) are left out (their features stay missing, never filled) and counted for every window;
 * the detector scores the windows on the other features. A stream with a sensor fault
 * (`faultSpans`, decision 048) is left out in the same way, and counted as 'faulty', only in the
 * windows that touch a fault's span: its data before the onset is good. A stream whose sensor
 * was faulty, Under Maintenance or inactive by the register's dated history is left out, and
 * counted under that status, only in the windows that touch the time it was (decision 045,
 * 2026-12-03 (i) and (j)): a sensor put in maintenance or made inactive today keeps last year's
 * windows, and one back in service is read from its return. Training and scoring both read through here, so both apply those rules. The
 * mode trackers start from `trackedHz` (where the last run left them) rather than the
 * commissioning day's peaks, and a stream's trackers start afresh where a fault of it or an
 * untrusted status ended.
 */
export async function loadWindows(
  db: Db,
  plan: DatasetPlan,
  current: BridgeStream[],
  range: { from: number; to: number },
  options: {
    trackedHz?: Record<string, number[]>;
    onDay?: (done: number, days: number) => void;
    /** Data stream id → epoch ms before which its features are blanked (a re-zeroed sensor). */
    blankBefore?: ReadonlyMap<number, number>;
    /** Data stream id → spans of sensor faults, where its features are left out. */
    faultSpans?: FaultSpans;
    /**
     * Data streams left out of the whole range, counted as 'maintenance': a re-zeroed or
     * replaced sensor until a baseline holds its new output (decision 023).
     */
    settling?: ReadonlySet<number>;
  },
): Promise<WindowSet> {
  const names = planFeatureNames(plan);
  const index = new Map(names.map((name, i) => [name, i]));
  const skipped: Record<string, number> = {};
  const slots = Math.max(0, Math.floor((range.to - range.from) / WINDOW_MS));
  // Only the streams that feed the detector (and temperature, its context) are read.
  const feeding = new Set([
    ...names.map(streamOfFeature),
    ...(plan.temperatureStream ? [plan.temperatureStream] : []),
  ]);
  const fed = plan.streams.filter((s) => feeding.has(s.streamId));
  // The register's faulty, maintenance and inactive statuses by the time they were in force, not
  // now (decision 045, 2026-12-03 (i) and (j)).
  const statusSpans = await statusSpansOfStreams(
    db,
    fed.map((s) => s.id),
    range.from,
    range.to,
    NOT_JUDGED_STATUSES,
  );
  const usable = fed.filter((s) => {
    // A planned stream no longer fed by a sensor of the bridge has nothing to read; a settling
    // one is left out as maintenance (decision 023). Every other status by the dated history.
    const gone = !current.some((c) => c.id === s.id);
    const status = options.settling?.has(s.id) ? 'maintenance' : gone ? 'inactive' : null;
    // A fault or an untrusted status over the whole range: nothing of the stream is read.
    const whole = (spans: readonly Interval[]) =>
      spans.some((i) => i.from <= range.from && i.to >= range.to);
    const reason =
      status ??
      (whole(options.faultSpans?.get(s.id) ?? [])
        ? 'faulty'
        : (statusSpans.get(s.id)?.find((i) => whole([i]))?.status ?? 'active'));
    if (reason === 'active') return true;
    skipped[reason] = (skipped[reason] ?? 0) + slots;
    return false;
  });
  const leftOut = [
    ...faultyColumns(plan, names, usable, options.faultSpans, 'faulty'),
    ...NOT_JUDGED_STATUSES.flatMap((status) =>
      faultyColumns(plan, names, usable, spansOfStatus(statusSpans, status), status),
    ),
  ];
  for (const { reason, count } of countTouching(range, leftOut)) {
    if (count > 0) skipped[reason] = (skipped[reason] ?? 0) + count;
  }
  const trackedHz = trackersToCarry(plan, usable, options.trackedHz ?? {});
  const trackedByDay: Record<string, Record<string, number[]>> = {};
  const windows: DatasetWindow[] = [];
  const blanked = blankedColumns(plan, names, options.blankBefore);
  const restarts = trackerRestarts(plan, options.blankBefore, [
    options.faultSpans,
    spansOfStatus(statusSpans),
  ]);
  const days = Math.ceil((range.to - range.from) / DAY_MS);
  for (let day = 0; day < days; day += 1) {
    const from = range.from + day * DAY_MS;
    const to = Math.min(range.to, from + DAY_MS);
    trackedByDay[new Date(from).toISOString()] = trackerSnapshot(plan, trackedHz);
    const blocks = await loadBlocksByStream(
      db,
      usable.map((s) => s.id),
      from,
      to,
    );
    const result = restartingDayFeatures(plan, usable, blocks, { from, to }, trackedHz, restarts);
    const ssi = await ssiDay(db, plan, { from, to });
    Object.assign(trackedHz, result.trackedHz);
    for (const [reason, count] of Object.entries(result.skipped)) {
      if (count > 0) skipped[reason] = (skipped[reason] ?? 0) + count;
    }
    for (const window of result.windows) {
      const features = new Array<number>(names.length).fill(Number.NaN);
      result.featureNames.forEach((name, i) => {
        const at = index.get(name);
        if (at !== undefined) features[at] = window.features[i] ?? Number.NaN;
      });
      ssi?.place(features, window.start);
      blankFeatures(features, window.start, blanked);
      const temperatureC = leaveOutFaulty(features, window, leftOut, plan.temperatureStream);
      windows.push({ ...window, features, temperatureC });
    }
    options.onDay?.(day + 1, days);
  }
  // And where they ended, so the next evaluation starts from the period's end, not a day back
  // (a cold snap moves the first mode by several per cent a day).
  if (days > 0) trackedByDay[new Date(range.to).toISOString()] = trackerSnapshot(plan, trackedHz);
  return { windows, skipped, trackedHz, trackedByDay };
}

/**
 * The plan's SSI features over [from, to) from the stored identified windows, re-matched to the
 * plan's reference modes (ssi-features.ts); null for a plan without SSI modes. `place` writes a
 * window's into its feature row; a window never identified keeps them missing.
 */
async function ssiDay(db: Db, plan: DatasetPlan, range: { from: number; to: number }) {
  const { ssi } = plan;
  if (!ssi) return null;
  const stored = await createModesStore(db).windowsBetween(ssi.bridgeId, range.from, range.to);
  const rows = ssiFeatureRows(
    ssi.modes,
    stored.flatMap((r) => identifiedWindow(r) ?? []),
  );
  const first = planFeatureNames(plan).indexOf(ssiFeatureNames(ssi)[0] ?? '');
  return {
    place(features: number[], start: number): void {
      rows.get(start)?.forEach((hz, k) => (features[first + k] = hz));
    },
  };
}

/** Every tracked stream's frequencies as they stand (the plan's modes where none tracked yet). */
function trackerSnapshot(
  plan: DatasetPlan,
  trackedHz: Readonly<Record<string, number[]>>,
): Record<string, number[]> {
  return Object.fromEntries(
    plan.modal.map((m) => [m.stream, [...(trackedHz[m.stream] ?? m.initialHz)]]),
  );
}

/**
 * The carried tracker state worth keeping: only for streams read now, with the plan's number of
 * modes. A stream left out (faulty, in maintenance) may have been followed along junk before it
 * was flagged, so it starts again from the plan's modes when it comes back.
 */
export function trackersToCarry(
  plan: DatasetPlan,
  usable: readonly PlannedStream[],
  carried: Readonly<Record<string, number[]>>,
): Record<string, number[]> {
  const read = new Set(usable.map((s) => s.streamId));
  return Object.fromEntries(
    Object.entries(carried).filter(
      ([stream, hz]) =>
        read.has(stream) &&
        plan.modal.find((m) => m.stream === stream)?.initialHz.length === hz.length,
    ),
  );
}

/**
 * Stream id → epoch ms where its trackers start afresh: a re-zeroed or replaced sensor's
 * restart, and the end of each of its sensor faults and untrusted register statuses (the
 * trackers may have followed junk). A status span clipped at the range's end ends there too,
 * which restarts nothing (a restart is taken only inside the range).
 */
function trackerRestarts(
  plan: DatasetPlan,
  blankBefore: ReadonlyMap<number, number> | undefined,
  leftOutSpans: readonly (FaultSpans | undefined)[],
): Map<string, number[]> {
  return new Map(
    plan.streams.flatMap((s) => {
      const since = blankBefore?.get(s.id);
      const ends = leftOutSpans
        .flatMap((spans) => spans?.get(s.id) ?? [])
        .flatMap((i) => (Number.isFinite(i.to) ? [i.to] : []));
      const at = [...(since === undefined ? [] : [since]), ...ends];
      return at.length === 0 ? [] : [[s.streamId, at] as const];
    }),
  );
}

/**
 * `dayFeatures`, cut at each restart inside the day (on the window grid): a replaced sensor's
 * trackers start from the plan's modes there, not from what its predecessor last showed.
 */
export function restartingDayFeatures(
  plan: DatasetPlan,
  usable: readonly PlannedStream[],
  blocks: readonly StoredBlock[],
  range: { from: number; to: number },
  trackedHz: Readonly<Record<string, number[]>>,
  restarts: ReadonlyMap<string, readonly number[]>,
): WindowingResult {
  const restartAt = new Map<number, string[]>();
  for (const [stream, times] of restarts) {
    for (const at of times) {
      const onGrid = range.from + Math.ceil((at - range.from) / WINDOW_MS) * WINDOW_MS;
      if (onGrid >= range.from && onGrid < range.to) {
        restartAt.set(onGrid, [...(restartAt.get(onGrid) ?? []), stream]);
      }
    }
  }
  const cuts = [...restartAt.keys()].filter((t) => t > range.from).sort((a, b) => a - b);
  const bounds = [range.from, ...cuts, range.to];
  let state: Record<string, number[]> = { ...trackedHz };
  const pieces: WindowingResult[] = [];
  for (let i = 0; i + 1 < bounds.length; i += 1) {
    const from = bounds[i] ?? range.from;
    const restarted = restartAt.get(from) ?? [];
    state = Object.fromEntries(Object.entries(state).filter(([s]) => !restarted.includes(s)));
    const result = dayFeatures(
      plan,
      usable,
      blocks,
      { from, to: bounds[i + 1] ?? range.to },
      state,
    );
    Object.assign(state, result.trackedHz);
    pieces.push(result);
  }
  // The bounds always hold one piece at least; every piece has the same feature names.
  const merged = pieces.reduce((all, piece) => ({
    featureNames: all.featureNames,
    windows: [...all.windows, ...piece.windows],
    skipped: addCounts(all.skipped, piece.skipped),
    skippedWindows: [...all.skippedWindows, ...piece.skippedWindows],
    trackedHz: piece.trackedHz,
  }));
  return { ...merged, trackedHz: state };
}

function addCounts<K extends string>(
  a: Record<K, number>,
  b: Record<K, number>,
): Record<K, number> {
  const sum = { ...a };
  for (const key of Object.keys(b) as K[]) sum[key] = (sum[key] ?? 0) + b[key];
  return sum;
}

/**
 * One stretch of stored blocks (a day) cut into the plan's windows: each usable stream on its
 * grid, the trackers carrying on from `trackedHz` (the plan's modes where absent).
 */
export function dayFeatures(
  plan: DatasetPlan,
  usable: readonly PlannedStream[],
  blocks: readonly StoredBlock[],
  range: { from: number; to: number },
  trackedHz: Readonly<Record<string, number[]>>,
): WindowingResult {
  const series = usable.map((s) =>
    blockSeries(
      s.streamId,
      s.dataType,
      s.rateHz,
      blocksForGrid(
        blocks.filter((b) => b.datastreamId === s.id),
        s.rateHz,
      ),
      range.from,
      range.to,
    ),
  );
  return extractWindowFeatures(series, {
    ...range,
    windowSeconds: WINDOW_SECONDS,
    minCoverage: 0.9,
    expectedSamples: Object.fromEntries(usable.map((s) => [s.streamId, s.expectedSamples])),
    modal: plan.modal
      .filter((m) => usable.some((s) => s.streamId === m.stream))
      .map((m) => ({ ...m, initialHz: trackedHz[m.stream] ?? m.initialHz })),
    ...(plan.temperatureStream ? { temperatureStream: plan.temperatureStream } : {}),
  });
}

/** Per blanked stream, its feature columns and the time before which they are blanked. */
function blankedColumns(
  plan: DatasetPlan,
  names: readonly string[],
  blankBefore: ReadonlyMap<number, number> | undefined,
): { columns: number[]; before: number }[] {
  if (!blankBefore || blankBefore.size === 0) return [];
  return plan.streams.flatMap((s) => {
    const before = blankBefore.get(s.id);
    if (before === undefined) return [];
    const columns = names.flatMap((name, i) => (streamOfFeature(name) === s.streamId ? [i] : []));
    return [{ columns, before }];
  });
}

function blankFeatures(
  features: number[],
  start: number,
  blanked: readonly { columns: number[]; before: number }[],
): void {
  for (const { columns, before } of blanked) {
    if (start < before) for (const i of columns) features[i] = Number.NaN;
  }
}

/**
 * A stream read with spans it is left out of (a sensor fault's, or an untrusted register
 * status's), why, and its feature columns (none for the thermometer).
 */
interface FaultyColumns {
  streamId: string;
  columns: number[];
  spans: readonly Interval[];
  reason: string;
}

function faultyColumns(
  plan: DatasetPlan,
  names: readonly string[],
  usable: readonly PlannedStream[],
  faultSpans: FaultSpans | undefined,
  reason: string,
): FaultyColumns[] {
  if (!faultSpans || faultSpans.size === 0) return [];
  return usable.flatMap((s) => {
    const spans = faultSpans.get(s.id);
    if (!spans || spans.length === 0) return [];
    const columns = names.flatMap((name, i) => (streamOfFeature(name) === s.streamId ? [i] : []));
    return columns.length > 0 || s.streamId === plan.temperatureStream
      ? [{ streamId: s.streamId, columns, spans, reason }]
      : [];
  });
}

/** Stream → the spans of one untrusted status (all of them without `status`), as intervals. */
function spansOfStatus(
  statusSpans: ReadonlyMap<number, readonly StatusSpan[]>,
  status?: string,
): FaultSpans {
  const chosen = new Map<number, Interval[]>();
  for (const [id, spans] of statusSpans) {
    const kept = spans.filter((i) => status === undefined || i.status === status);
    if (kept.length > 0)
      chosen.set(
        id,
        kept.map(({ from, to }) => ({ from, to })),
      );
  }
  return chosen;
}

/**
 * Window slots of the range a stream is left out of, one count per stream and slot, by reason.
 */
function countTouching(
  range: { from: number; to: number },
  leftOut: readonly FaultyColumns[],
): { reason: string; count: number }[] {
  return leftOut.map(({ spans, reason }) => {
    let count = 0;
    for (let start = range.from; start + WINDOW_MS <= range.to; start += WINDOW_MS) {
      if (isExcluded({ start, end: start + WINDOW_MS }, spans)) count += 1;
    }
    return { reason, count };
  });
}

/**
 * Blanks the faulty streams' features in a window that touches one of their spans; returns the
 * window's temperature, missing when the thermometer is the faulty one.
 */
function leaveOutFaulty(
  features: number[],
  window: { start: number; end: number; temperatureC: number },
  leftOut: readonly FaultyColumns[],
  temperatureStream: string | null,
): number {
  let temperatureC = window.temperatureC;
  for (const { streamId, columns, spans } of leftOut) {
    if (!isExcluded(window, spans)) continue;
    for (const i of columns) features[i] = Number.NaN;
    if (streamId === temperatureStream) temperatureC = Number.NaN;
  }
  return temperatureC;
}
