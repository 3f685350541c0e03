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

export interface TimedSample {
  t: number;
  v: number;
  /** Time between samples of the block it came from; 0 for a single reading. */
  stepMs: number;
}

export interface StuckFault {
  kind: 'stuck';
  detail: string;
}

export const STUCK_MINUTES = 60;
export const STUCK_MIN_SAMPLES = 30;
export const STUCK_MIN_BURSTS = 3;
/** A later sample more than this many steps on starts a new burst (a lost sample or a gap). */
const BURST_GAP_STEPS = 1.5;

interface FlatRun {
  from: number;
  to: number;
  value: number;
  bursts: number;
}

const hours = (ms: number) => `${(ms / 3_600_000).toFixed(1)} h`;
// Accelerations are small floats: six significant digits say which value it holds, not its noise.
const shown = (value: number) => String(Number(value.toPrecision(6)));

function longestRepeat(samples: readonly TimedSample[]): FlatRun | null {
  let best: FlatRun | null = null;
  let runStart = 0;
  for (let i = 1; i <= samples.length; i += 1) {
    const first = samples[runStart];
    if (!first) break;
    if (samples[i]?.v === first.v) continue;
    const last = samples[i - 1] ?? first;
    if (i - runStart >= STUCK_MIN_SAMPLES && last.t - first.t > (best ? best.to - best.from : 0)) {
      best = { from: first.t, to: last.t, value: first.v, bursts: 1 };
    }
    runStart = i;
  }
  return best;
}

/** Consecutive samples without a gap, as [start, end) indices into `samples`. */
function bursts(samples: readonly TimedSample[]): [number, number][] {
  const found: [number, number][] = [];
  let start = 0;
  for (let i = 1; i <= samples.length; i += 1) {
    const previous = samples[i - 1];
    const current = samples[i];
    const joined =
      current &&
      previous &&
      previous.stepMs > 0 &&
      current.t - previous.t <= BURST_GAP_STEPS * previous.stepMs;
    if (joined) continue;
    found.push([start, i]);
    start = i;
  }
  return found;
}

function longestFlatBursts(samples: readonly TimedSample[]): FlatRun | null {
  let best: FlatRun | null = null;
  let run: FlatRun | null = null;
  for (const [start, end] of bursts(samples)) {
    const burst = samples.slice(start, end);
    const first = burst[0];
    const last = burst.at(-1);
    if (!first || !last || burst.length < STUCK_MIN_SAMPLES) continue;
    if (burst.some((s) => s.v !== first.v)) {
      run = null;
      continue;
    }
    run = run
      ? { from: run.from, to: last.t, value: last.v, bursts: run.bursts + 1 }
      : { from: first.t, to: last.t, value: last.v, bursts: 1 };
    if (run.bursts >= STUCK_MIN_BURSTS && run.to - run.from > (best ? best.to - best.from : 0)) {
      best = run;
    }
  }
  return best;
}

/** The longest stretch the stream held still, if it lasted STUCK_MINUTES; samples in time order. */
export function stuckFault(samples: readonly TimedSample[]): StuckFault | null {
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
