import type { Db } from '../db/client.ts';
import { baselineRange, NotReadyError } from './analysis-rules.ts';
import { WINDOW_SECONDS } from './dataset-plan.ts';
import type { FaultSpans } from './fault-spans.ts';
import { MIN_MODE_COVERAGE } from './learnable-modes.ts';
import { modalSpanOf } from './modal-channels.ts';
import { identifyWindow, type ModalWindowTiming } from './modal-tracking.ts';
import { createModesStore } from './modes-store.ts';

const WINDOW_MS = WINDOW_SECONDS * 1000;

/**
 * Baseline windows identified per evaluation at most (decision 076, amended 2026-12-02 (c)):
 * a 10-minute window of a modal span costs about 1 s of CPU (decision 076's measures: 0.1-0.6 s
 * a burst; this change's test, 11 channels × 10 minutes at 50 Hz on the shared machine: see the
 * decision), so 10 windows keep an evaluation's extra time near 10 s, and the time guard below
 * stops it at BACKFILL_SECONDS whatever the load.
 */
export const MAX_BACKFILL_WINDOWS = 10;
/** No backfill window is started after this many seconds of the evaluation's backfill. */
export const BACKFILL_SECONDS = 20;
/** Windows read (unusable ones included) per identified window at most: the reads stay bounded. */
const READS_PER_WINDOW = 3;

/**
 * `count` of `missing` spread evenly over it (oldest first), offset by `phase` in [0, 1): each
 * evaluation's picks lie between the last one's, and a window that holds no record is not read
 * at every evaluation.
 */
export function spreadPicks(missing: readonly number[], count: number, phase: number): number[] {
  if (missing.length <= count) return [...missing];
  const picks = new Set<number>();
  for (let i = 0; i < count; i += 1) {
    const at = missing[Math.floor(((i + phase) * missing.length) / count)];
    if (at !== undefined) picks.add(at);
  }
  return [...picks];
}

/** The baseline the next training would read (analysis-rules.ts), null before there is one. */
export function trainableRange(first: number, newest: number): { from: number; to: number } | null {
  try {
    return baselineRange(first, newest);
  } catch (error) {
    if (error instanceof NotReadyError) return null;
    throw error;
  }
}

/** A phase in [0, 1) that moves from one evaluation to the next (golden-ratio steps). */
const phaseOf = (nowMs: number) => (Math.floor(nowMs / 60_000) * 0.6180339887) % 1;

/**
 * Identifies missing windows of the baseline the next training will read (decision 076 (c)):
 * SSI is identified live from when a bridge got a modal span, so an older bridge's baseline
 * would never be half covered and its detector would keep the peak trackers. While fewer than
 * MIN_MODE_COVERAGE of the baseline's 10-minute slots are identified, each evaluation
 * identifies `maxWindows` more at most, spread evenly over the missing ones, stored as the
 * live step stores them (matched to the active version's reference). Nothing before that
 * reference exists: the live step names it. Runs in the analysis worker, as trackModes does.
 */
export async function backfillModes(
  db: Db,
  bridgeId: number,
  options: {
    baseline: { from: number; to: number };
    faultSpans: FaultSpans;
    referenceVersion: number;
    nowMs: number;
    maxWindows?: number;
  },
): Promise<ModalWindowTiming[]> {
  const span = await modalSpanOf(db, bridgeId);
  if (!span) return [];
  const store = createModesStore(db);
  if ((await store.referenceModes(bridgeId, options.referenceVersion)).length === 0) return [];
  const first = Math.ceil(options.baseline.from / WINDOW_MS) * WINDOW_MS;
  const slots = Math.floor((options.baseline.to - first) / WINDOW_MS);
  const stored = new Set(await store.startsBetween(bridgeId, first, first + slots * WINDOW_MS));
  let needed = Math.ceil(MIN_MODE_COVERAGE * slots) - stored.size;
  if (slots <= 0 || needed <= 0) return [];
  const missing = Array.from({ length: slots }, (_, k) => first + k * WINDOW_MS).filter(
    (start) => !stored.has(start),
  );
  const most = options.maxWindows ?? MAX_BACKFILL_WINDOWS;
  const picks = spreadPicks(missing, READS_PER_WINDOW * most, phaseOf(options.nowMs));
  // Every READS_PER_WINDOW-th pick first, then those between: the first `most` read are spread
  // over the whole baseline too, the others stand in for windows that hold no record.
  const order = Array.from({ length: READS_PER_WINDOW }, (_, r) =>
    picks.filter((_, i) => i % READS_PER_WINDOW === r),
  ).flat();
  const started = performance.now();
  const timings: ModalWindowTiming[] = [];
  for (const from of order) {
    if (timings.length >= most || needed <= 0) break;
    if (performance.now() - started > BACKFILL_SECONDS * 1000) break;
    const timing = await identifyWindow(db, bridgeId, span.channels, from, options);
    if (!timing) continue;
    timings.push(timing);
    needed -= 1;
  }
  return timings;
}
