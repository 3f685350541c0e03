// Rainflow counting of a stored strain stream stretch by stretch (issue 30, decision 045): the
// quasi-static part removed by a moving median before counting, and each gap-free stretch
// counted alone, its residue as half cycles (ASTM E1049 §5.4.4 step 6), so no cycle joins
// across a gap, a fault, a maintenance day or an out-of-calibration window.
import { removeQuasiStatic } from '../analytics/fatigue/quasi-static.ts';
import { RainflowCounter, type RainflowState } from '../analytics/fatigue/rainflow.ts';
import { countResidue } from '../analytics/fatigue/residue.ts';
import type { RangeHistogram } from '../analytics/fatigue/range-histogram.ts';

/**
 * Corner of the moving-median high-pass of the stored path: a 10-minute window. Truck crossings
 * (seconds) pass; the daily thermal swing goes (decision 007 measured +0.002 % on Δσ_E,2 with a
 * ±150 µε daily swing under traffic at this corner, against +3.4 % counted as given).
 */
export const STORED_HIGHPASS_HZ = 1 / 600;

/** Samples processed at once by the high-pass (plus its context): bounds memory at 100 Hz. */
const FILTER_CHUNK = 1 << 16;

/** What a stretch counter carries from one day to the next, beside the rainflow stack. */
export interface StretchState extends RainflowState {
  /** Time of the last sample pushed (ms), so a gap at midnight still ends the stretch. */
  lastSampleMs?: number;
  /** Its sampling interval (ms). */
  intervalMs?: number;
}

/** The corner used at a rate, or null when the rate is too low for it (counted as given). */
export function highpassCornerAt(rateHz: number, cornerHz = STORED_HIGHPASS_HZ): number | null {
  return rateHz > 0 && cornerHz < rateHz / 2 ? cornerHz : null;
}

/**
 * A rainflow counter fed in stretches. `push` adds samples that follow the previous ones without
 * a gap; `endStretch` ends the history there (residue as half cycles); `endDay` only flushes the
 * high-pass, leaving the residue open so a cycle crossing midnight without a gap is counted on
 * the day it closes.
 */
export class StretchCounter {
  private readonly counter: RainflowCounter;
  private rateHz = 0;
  private corner: number | null = null;
  /** Samples already counted, kept as the high-pass's left context. */
  private context = new Float64Array(0);
  private pending: number[] = [];
  stretches = 0;
  private open = false;

  constructor(
    binWidth: number,
    state: RainflowState | null,
    private readonly cornerHz: number | null = STORED_HIGHPASS_HZ,
  ) {
    this.counter = state
      ? RainflowCounter.fromState(state, { binWidth })
      : new RainflowCounter({ binWidth });
    this.open = state !== null && (state.stack.length > 0 || state.candidate !== null);
  }

  /** The corner of the high-pass applied at the current rate (null: counted as given). */
  get highpassHz(): number | null {
    return this.corner;
  }

  /** Sets the sampling rate of what follows; a different rate ends the stretch. */
  setRate(rateHz: number): void {
    if (rateHz === this.rateHz) return;
    if (this.rateHz !== 0) this.endStretch();
    this.rateHz = rateHz;
    this.corner = this.cornerHz === null ? null : highpassCornerAt(rateHz, this.cornerHz);
  }

  push(values: ArrayLike<number>): void {
    if (values.length === 0) return;
    if (!this.open) {
      this.open = true;
      this.stretches += 1;
    }
    if (this.corner === null) {
      this.counter.push(Float64Array.from(values));
      return;
    }
    for (let i = 0; i < values.length; i += 1) this.pending.push(values[i] as number);
    if (this.pending.length >= FILTER_CHUNK) this.filter(false);
  }

  /** Counts what the high-pass holds; at a stretch's or a day's end, with a one-sided window. */
  private filter(final: boolean): void {
    if (this.pending.length === 0 || this.corner === null) return;
    const joined = new Float64Array(this.context.length + this.pending.length);
    joined.set(this.context);
    joined.set(this.pending, this.context.length);
    const { dynamic, windowSamples } = removeQuasiStatic(joined, this.rateHz, this.corner);
    // A sample's baseline needs half a window (and a knot step) on its right to be whole.
    const tail = final ? 0 : Math.floor(windowSamples / 2) + Math.ceil(windowSamples / 8);
    const emitTo = Math.max(this.context.length, joined.length - tail);
    this.counter.push(dynamic.subarray(this.context.length, emitTo));
    if (final) {
      this.context = new Float64Array(0);
      this.pending = [];
      return;
    }
    this.context = joined.slice(Math.max(0, emitTo - tail), emitTo);
    this.pending = Array.from(joined.subarray(emitTo));
  }

  /** Ends the history: no cycle joins what comes next; the residue counts as half cycles. */
  endStretch(): void {
    this.filter(true);
    countResidue(this.counter.endHistory(), 'half', this.counter.histogram, this.counter.scale);
    this.open = false;
  }

  /** End of a day: the high-pass flushed, the residue carried. */
  endDay(): void {
    this.filter(true);
  }

  takeHistogram(): RangeHistogram {
    return this.counter.takeHistogram();
  }

  state(): RainflowState {
    return this.counter.state();
  }
}
