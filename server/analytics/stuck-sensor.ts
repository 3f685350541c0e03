/**
 * The 'stuck' rule of sensor health (sensor-health.ts, issue 15). Pure: samples in, a fault out.
 *
 * - A continuous stream is stuck when one value repeats for at least STUCK_MINUTES (and
 *   STUCK_MIN_SAMPLES samples): a live sensor's noise changes its last digits every sample.
 * - A duty-cycled stream (bursts, e.g. one minute in ten) never sends an hour of consecutive
 *   samples, and a stuck one may hold a different value in each burst (its front end latches
 *   the first sample of the burst). It is stuck when at least STUCK_MIN_BURSTS bursts in a row,
 *   spanning at least STUCK_MINUTES, are each perfectly flat over at least STUCK_MIN_SAMPLES
 *   samples. The gaps between bursts do not break the run; a burst with any variation does.
 *   Bursts too short to judge neither count nor break.
 */

/**
 * One stream's finite samples in time order, as parallel arrays: a day of a 100 Hz stream is 8.6
 * million samples, which as one object each took 34 s and half a gigabyte to check.
 */
export interface TimedSamples {
  /** Sample times (ms since the epoch). */
  t: Float64Array;
  v: Float64Array;
  /**
   * 1 where a sample follows the one before it within the burst: no more than BURST_GAP_STEPS of
   * the earlier sample's block's step later (a single reading, step 0, never continues a burst).
   */
  continues: Uint8Array;
}

export interface StuckFault {
  kind: 'stuck';
  detail: string;
}

export const STUCK_MINUTES = 60;
export const STUCK_MIN_SAMPLES = 30;
export const STUCK_MIN_BURSTS = 3;
/** A later sample more than this many steps on starts a new burst (a lost sample or a gap). */
export const BURST_GAP_STEPS = 1.5;

interface FlatRun {
  from: number;
  to: number;
  value: number;
  bursts: number;
}

const hours = (ms: number) => `${(ms / 3_600_000).toFixed(1)} h`;
// Accelerations are small floats: six significant digits say which value it holds, not its noise.
const shown = (value: number) => String(Number(value.toPrecision(6)));

function longestRepeat({ t, v }: TimedSamples): FlatRun | null {
  let best: FlatRun | null = null;
  let runStart = 0;
  for (let i = 1; i <= v.length; i += 1) {
    if (i < v.length && v[i] === v[runStart]) continue;
    const from = t[runStart] ?? 0;
    const to = t[i - 1] ?? from;
    if (i - runStart >= STUCK_MIN_SAMPLES && to - from > (best ? best.to - best.from : 0)) {
      best = { from, to, value: v[runStart] ?? 0, bursts: 1 };
    }
    runStart = i;
  }
  return best;
}

/** Whether samples [start, end) all hold the first one's value. */
function flat(v: Float64Array, start: number, end: number): boolean {
  const first = v[start];
  for (let i = start + 1; i < end; i += 1) if (v[i] !== first) return false;
  return true;
}

function longestFlatBursts({ t, v, continues }: TimedSamples): FlatRun | null {
  let best: FlatRun | null = null;
  let run: FlatRun | null = null;
  let start = 0;
  for (let end = 1; end <= v.length; end += 1) {
    if (end < v.length && continues[end] === 1) continue;
    // Samples [start, end) are one burst.
    const burstStart = start;
    start = end;
    if (end - burstStart < STUCK_MIN_SAMPLES) continue;
    if (!flat(v, burstStart, end)) {
      run = null;
      continue;
    }
    const last = t[end - 1] ?? 0;
    const value = v[end - 1] ?? 0;
    run = run
      ? { from: run.from, to: last, value, bursts: run.bursts + 1 }
      : { from: t[burstStart] ?? 0, to: last, value, bursts: 1 };
    if (run.bursts >= STUCK_MIN_BURSTS && run.to - run.from > (best ? best.to - best.from : 0)) {
      best = run;
    }
  }
  return best;
}

/** The longest stretch the stream held still, if it lasted STUCK_MINUTES; samples in time order. */
export function stuckFault(samples: TimedSamples): StuckFault | null {
  const repeat = longestRepeat(samples);
  const flatBursts = longestFlatBursts(samples);
  const span = (run: FlatRun | null) => (run ? run.to - run.from : 0);
  // One value across every burst is the plain repeat; it keeps the plain wording.
  const run = span(flatBursts) > span(repeat) ? flatBursts : repeat;
  if (!run || span(run) < STUCK_MINUTES * 60_000) return null;
  const perBurst =
    run === flatBursts ? ` (each of ${run.bursts} bursts flat, the last at this value)` : '';
  return {
    kind: 'stuck',
    detail: `stuck at ${shown(run.value)} for ${hours(span(run))}${perBurst}`,
  };
}
