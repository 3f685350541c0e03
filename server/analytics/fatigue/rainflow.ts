// Streaming rainflow counting (ASTM E1049-85 (2017), §5.4.4), in the four-point form.
//
// Samples become turning points (peaks and valleys; the first sample is the history's start and
// the last one its end). Each new turning point goes on a stack; whenever the last four points
// a, b, c, d have an inner range |c − b| no larger than both outer ranges |b − a| and |d − c|,
// (b, c) is one full cycle of range |c − b| and leaves the stack. Equal ranges close the inner
// pair, as ASTM's "X ≥ Y" does. What stays on the stack is the residue: ranges first growing,
// then shrinking. ASTM's three-point rules count the growing part as half cycles on the way (the
// "starting point" rule, step 5) and the rest at the end (step 6); the four-point form keeps them
// all on the stack and counts them at the end instead, which gives the same counts (McInnes and
// Meehan, Int. J. Fatigue 30 (2008) 547; checked in tests/server/analytics/fatigue against a
// literal transcription of §5.4.4) and lets the stack carry over from one chunk of samples to
// the next: counting in chunks equals counting in one piece, and only the residue (a few dozen
// points for real strain) is ever held.
//
// What happens to the residue at the end is a choice (`ResidueMode` in residue.ts): half cycles
// (ASTM §5.4.4 step 6, the default), closed by repeating it (a stationary block), or left open.
import {
  DEFAULT_BIN_WIDTH_MPA,
  createHistogram,
  ensureBin,
  type RangeHistogram,
} from './range-histogram.ts';

export interface RainflowOptions {
  /** Histogram bin width, in the unit of the scaled ranges (default 0.5, MPa). */
  binWidth?: number;
  /** Factor from sample units to histogram units, e.g. MPa per microstrain (default 1). */
  scale?: number;
  /**
   * Optional noise gate in sample units: a reversal smaller than this is not a turning point.
   * 0 (the default) is ASTM's exact peak-valley reduction.
   */
  gate?: number;
}

/** A counter's state between chunks: enough to resume after a restart (plain JSON). */
export interface RainflowState {
  /** Turning points not yet closed into a cycle, oldest first. */
  stack: number[];
  /** The latest extreme, not yet confirmed as a turning point (null before any sample). */
  candidate: number | null;
}

const INITIAL_STACK = 64;

export class RainflowCounter {
  /** Full cycles counted so far (half cycles only from `finish`). */
  readonly histogram: RangeHistogram;
  readonly scale: number;
  readonly gate: number;
  private stack: Float64Array = new Float64Array(INITIAL_STACK);
  private depth = 0;
  private candidate = NaN;
  private direction = 0;
  /** Histogram bins per sample unit: scale / binWidth. */
  private readonly binsPerUnit: number;

  constructor(options: RainflowOptions = {}) {
    this.scale = options.scale ?? 1;
    this.gate = options.gate ?? 0;
    if (!(this.scale > 0) || !Number.isFinite(this.scale)) {
      throw new RangeError(`scale must be a positive number, got ${this.scale}`);
    }
    if (!(this.gate >= 0) || !Number.isFinite(this.gate)) {
      throw new RangeError(`gate must be zero or positive, got ${this.gate}`);
    }
    this.histogram = createHistogram(options.binWidth ?? DEFAULT_BIN_WIDTH_MPA);
    this.binsPerUnit = this.scale / this.histogram.binWidth;
  }

  static fromState(state: RainflowState, options: RainflowOptions = {}): RainflowCounter {
    // The stack alternates up and down, so read as samples it gives back the same turning points
    // (closing nothing: it is a residue); the candidate then confirms the last of them.
    const counter = new RainflowCounter(options);
    counter.push(state.stack);
    if (state.candidate !== null) counter.push([state.candidate]);
    return counter;
  }

  /**
   * Counts the next chunk of samples. NaN samples (gaps) are skipped, so the history on either
   * side of a gap is counted as one. The hot loop keeps its state in locals, allocates nothing
   * per sample and inlines the four-point rule (a method call per turning point cost a third of
   * the speed: with gauge noise, two samples in three are turning points).
   */
  push(samples: Float64Array | readonly number[]): void {
    const gate = this.gate;
    const binsPerUnit = this.binsPerUnit;
    let stack = this.stack;
    let depth = this.depth;
    let counts = this.histogram.counts;
    let candidate = this.candidate;
    let direction = this.direction;
    for (let i = 0; i < samples.length; i += 1) {
      const x = samples[i] as number;
      // Peak-valley reduction: extend the current run, or confirm a reversal (NaN does neither).
      if (direction > 0) {
        if (x > candidate) {
          candidate = x;
          continue;
        }
        if (!(candidate - x > gate)) continue;
        direction = -1;
      } else if (direction < 0) {
        if (x < candidate) {
          candidate = x;
          continue;
        }
        if (!(x - candidate > gate)) continue;
        direction = 1;
      } else {
        if (candidate !== candidate) {
          candidate = x; // the first sample (a NaN keeps it unset)
          continue;
        }
        if (x - candidate > gate) direction = 1;
        else if (candidate - x > gate) direction = -1;
        else continue;
      }
      // `candidate` is a turning point: stack it and close what it completes (four-point rule).
      if (depth === stack.length) stack = this.growStack();
      stack[depth] = candidate;
      depth += 1;
      candidate = x;
      while (depth >= 4) {
        const a = stack[depth - 4] as number;
        const b = stack[depth - 3] as number;
        const c = stack[depth - 2] as number;
        const d = stack[depth - 1] as number;
        const inner = c > b ? c - b : b - c;
        if (inner > (b > a ? b - a : a - b) || inner > (d > c ? d - c : c - d)) break;
        // One full cycle, binned to the nearest bin (range-histogram.ts); ranges are ≥ 0.
        const bin = (inner * binsPerUnit + 0.5) | 0;
        if (bin >= counts.length) {
          ensureBin(this.histogram, bin);
          counts = this.histogram.counts;
        }
        counts[bin] = (counts[bin] as number) + 1;
        stack[depth - 3] = d;
        depth -= 2;
      }
    }
    this.depth = depth;
    this.candidate = candidate;
    this.direction = direction;
  }

  /**
   * Ends the history: the latest extreme becomes its last turning point and closes the cycles it
   * completes; returns the residue and empties the stack, so a sample pushed after this starts a
   * new history.
   */
  endHistory(): Float64Array {
    // An infinitely far reversal confirms the candidate through the one counting loop.
    if (this.candidate === this.candidate) this.push([this.direction < 0 ? Infinity : -Infinity]);
    const residue = this.stack.slice(0, this.depth);
    this.depth = 0;
    this.candidate = NaN;
    this.direction = 0;
    return residue;
  }

  /**
   * The open turning points while streaming, with the latest extreme (not yet a turning point: a
   * later sample may extend it) as the last one.
   */
  residue(): Float64Array {
    const open = this.depth + (this.candidate === this.candidate ? 1 : 0);
    const out = new Float64Array(open);
    out.set(this.stack.subarray(0, this.depth));
    if (open > this.depth) out[this.depth] = this.candidate;
    return out;
  }

  /**
   * The full cycles counted since the last call, as a histogram of their own; the counter goes on
   * with an empty one and the same residue. Per-day histograms from one long-running counter add
   * up to what the counter would have counted over all those days.
   */
  takeHistogram(): RangeHistogram {
    const taken = createHistogram(this.histogram.binWidth, this.histogram.counts.length);
    taken.counts.set(this.histogram.counts);
    this.histogram.counts.fill(0);
    return taken;
  }

  state(): RainflowState {
    return {
      stack: Array.from(this.stack.subarray(0, this.depth)),
      candidate: this.candidate === this.candidate ? this.candidate : null,
    };
  }

  private growStack(): Float64Array {
    const grown = new Float64Array(this.stack.length * 2);
    grown.set(this.stack);
    this.stack = grown;
    return grown;
  }
}
