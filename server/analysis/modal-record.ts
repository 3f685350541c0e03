// Which part of a 10-minute window the modes are identified from (decisions 059 and 076): the
// whole window when its channels recorded it, else the one burst a duty-cycled span recorded in
// it. Pure: sample grids in, a record out.
import { BAND_SHARE_OF_RATE } from '../analytics/modal/decimate.ts';
import { MIN_MODAL_CHANNELS } from './modal-channels.ts';

/** A channel with less of its record than this is left out of it (decision 059). */
export const MIN_COVERAGE = 0.9;
/**
 * A burst shorter than this is no record. Our choice: the demo's minute, in which SSI-COV's
 * 100-cycle rule (identify-modes.ts) lets modes from 1.67 Hz up be reported; a shorter burst
 * would leave a long span's first modes out by that rule anyway.
 */
export const MIN_BURST_SECONDS = 60;

/** Where a channel's finite samples start and end in its grid (end exclusive); null: none. */
function extentOf(samples: Float64Array): [number, number] | null {
  let first = -1;
  let last = -1;
  samples.forEach((v, i) => {
    if (!Number.isFinite(v)) return;
    if (first < 0) first = i;
    last = i;
  });
  return first < 0 ? null : [first, last + 1];
}

function coverage(samples: Float64Array, from: number, to: number): number {
  let finite = 0;
  for (let i = from; i < to; i += 1) if (Number.isFinite(samples[i] ?? Number.NaN)) finite += 1;
  return to > from ? finite / (to - from) : 0;
}

export interface ModalRecord {
  /** Indices into the channels given, in their order. */
  channels: number[];
  /** The record's first and last-plus-one sample of the window's grid. */
  from: number;
  to: number;
  /** True when it is a burst within the window rather than the window itself. */
  burst: boolean;
}

/**
 * The channels and samples to identify from, given each channel's grid over the window at one
 * rate: the whole window from the channels holding MIN_COVERAGE of it, when there are
 * MIN_MODAL_CHANNELS such; else the span all channels recorded together (the burst), at least
 * MIN_BURST_SECONDS long, from the channels holding MIN_COVERAGE of it. Null: neither.
 */
export function chooseModalRecord(
  grids: readonly Float64Array[],
  rateHz: number,
): ModalRecord | null {
  const length = grids[0]?.length ?? 0;
  const whole = grids.flatMap((g, i) => (coverage(g, 0, g.length) >= MIN_COVERAGE ? [i] : []));
  if (whole.length >= MIN_MODAL_CHANNELS)
    return { channels: whole, from: 0, to: length, burst: false };
  const least = Math.round(MIN_BURST_SECONDS * rateHz);
  const extents = grids.map(extentOf);
  const long = extents.flatMap((e) => (e && e[1] - e[0] >= least ? [e] : []));
  if (long.length < MIN_MODAL_CHANNELS) return null;
  const from = Math.max(...long.map((e) => e[0]));
  const to = Math.min(...long.map((e) => e[1]));
  if (to - from < least) return null;
  const kept = grids.flatMap((g, i) => (coverage(g, from, to) >= MIN_COVERAGE ? [i] : []));
  return kept.length >= MIN_MODAL_CHANNELS ? { channels: kept, from, to, burst: true } : null;
}

/** Modes sought up to 20 Hz (decision 059), or up to 0.4 of a slower rate (decision 076). */
export function modalBandHz(rateHz: number, fmaxHz: number): number {
  return Math.min(fmaxHz, BAND_SHARE_OF_RATE * rateHz);
}
