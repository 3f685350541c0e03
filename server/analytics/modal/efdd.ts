import { fitLine } from '../line-fit.ts';
import { binMac, type FddSpectrum } from './fdd.ts';

/** The enhanced FDD estimate of one mode, or why the spectrum gives none. */
export type EfddEstimate =
  | { frequency_hz: number; damping_ratio: number; peak_hz: number; bell_bins: number }
  | { frequency_hz: null; reason: string };

/** Bins of the bell: first singular vectors this close to the peak's (Brincker et al. 2001). */
export const BELL_MAC = 0.8;
/** ... and the first singular value no lower than this share of the peak's (−20 dB). */
const BELL_FLOOR = 0.01;
/** The peak is sought this close to the SSI frequency (or 3 bins, whichever is wider). */
const SEARCH_SHARE = 0.02;
/** A peak must stand this far above the median of the ±15 % band around it, as in spectral-support.ts. */
const MIN_PROMINENCE = 3;
const BAND_SHARE = 0.15;
/** Extremes of the correlation used for the decrement: between these shares of its start. */
const FIT_HIGH = 0.9;
const FIT_LOW = 0.1;

/**
 * Enhanced FDD (Brincker, Ventura & Andersen 2001, IMAC XIX): around the first singular value's
 * peak near `targetHz`, the bins whose singular vector keeps MAC ≥ 0.8 with the peak's form the
 * single-degree-of-freedom bell; taken back to the time domain it is that mode's free decay
 * (its correlation function). The zero crossings give the damped frequency, the logarithmic
 * decrement of the extremes the damping. `neighboursHz` (other modes) bound the bell halfway.
 */
export function efdd(
  spectrum: FddSpectrum,
  targetHz: number,
  neighboursHz: readonly number[] = [],
): EfddEstimate {
  const { step, singular } = spectrum;
  const bins = singular.length;
  const reach = Math.max(3, Math.ceil((SEARCH_SHARE * targetHz) / step));
  const centre = Math.round(targetHz / step);
  let lowLimit = 1;
  let highLimit = bins - 1;
  for (const other of neighboursHz) {
    const half = Math.round((0.5 * (other + targetHz)) / step);
    if (other < targetHz) lowLimit = Math.max(lowLimit, half + 1);
    if (other > targetHz) highLimit = Math.min(highLimit, half - 1);
  }
  // The peak is sought on this mode's side of its neighbours only: never a neighbour's peak.
  let peak = -1;
  for (
    let k = Math.max(lowLimit, centre - reach);
    k <= Math.min(bins - 2, highLimit, centre + reach);
    k += 1
  ) {
    if (peak < 0 || (singular[k] as number) > (singular[peak] as number)) peak = k;
  }
  if (peak < 0) return { frequency_hz: null, reason: 'outside the spectrum' };
  const isLocalMax =
    (singular[peak] as number) >= (singular[peak - 1] as number) &&
    (singular[peak] as number) >= (singular[peak + 1] as number);
  if (
    !isLocalMax ||
    Math.abs(peak - centre) >= reach ||
    prominence(singular, peak) < MIN_PROMINENCE
  )
    return { frequency_hz: null, reason: 'no spectral peak near the SSI frequency' };
  const floor = BELL_FLOOR * (singular[peak] as number);
  const inBell = (k: number): boolean =>
    (singular[k] as number) >= floor && binMac(spectrum, k, peak) >= BELL_MAC;
  let low = peak;
  while (low - 1 >= lowLimit && inBell(low - 1)) low -= 1;
  let high = peak;
  while (high + 1 <= highLimit && inBell(high + 1)) high += 1;
  if (high - low < 4) return { frequency_hz: null, reason: 'the bell is narrower than 5 bins' };
  const decay = bellCorrelation(singular, low, high, step, spectrum.segmentLength);
  const fit = fitDecay(decay, step * spectrum.segmentLength);
  if (!fit) return { frequency_hz: null, reason: 'the bell gives too short a free decay' };
  return { ...fit, peak_hz: peak * step, bell_bins: high - low + 1 };
}

function prominence(singular: Float64Array, peak: number): number {
  const reach = Math.max(3, Math.round(BAND_SHARE * peak));
  const band = Array.from(
    singular.subarray(Math.max(1, peak - reach), Math.min(singular.length, peak + reach + 1)),
  ).sort((a, b) => a - b);
  const median = band[Math.floor(band.length / 2)] ?? 0;
  return median > 0 ? (singular[peak] as number) / median : 0;
}

/** r(τ) = Σ_bell s_k cos(2π f_k τ), τ over half a segment: the inverse transform of the bell. */
function bellCorrelation(
  singular: Float64Array,
  low: number,
  high: number,
  step: number,
  segmentLength: number,
): Float64Array {
  const lags = segmentLength / 2;
  const r = new Float64Array(lags);
  for (let k = low; k <= high; k += 1) {
    const s = singular[k] as number;
    // k·j/N cycles at lag j: the bin's phase advances by 2πk/N per lag.
    const angle = (2 * Math.PI * k) / segmentLength;
    const cosStep = Math.cos(angle);
    const sinStep = Math.sin(angle);
    let c = 1;
    let sn = 0;
    for (let j = 0; j < lags; j += 1) {
      r[j] = (r[j] as number) + s * c;
      const next = c * cosStep - sn * sinStep;
      sn = sn * cosStep + c * sinStep;
      c = next;
    }
  }
  return r;
}

/**
 * Zero crossings (linear interpolation) fitted as equally spaced give the damped period; ln of
 * the absolute extremes between 90 % and 10 % of r(0), fitted against the half-cycle count, gives
 * the decrement δ per cycle, ζ = δ/√(4π² + δ²), and f = f_d/√(1 − ζ²).
 */
function fitDecay(
  r: Float64Array,
  sampleRateHz: number,
): { frequency_hz: number; damping_ratio: number } | null {
  const r0 = r[0] as number;
  if (!(r0 > 0)) return null;
  const crossings: number[] = [];
  const extremes: { index: number; value: number }[] = [];
  let lastCrossing = 0;
  for (let j = 1; j < r.length; j += 1) {
    const a = r[j - 1] as number;
    const b = r[j] as number;
    if (a > 0 !== b > 0) {
      crossings.push(j - 1 + a / (a - b));
      let extreme = 0;
      for (let i = Math.floor(lastCrossing); i < j; i += 1)
        if (Math.abs(r[i] as number) > Math.abs(extreme)) extreme = r[i] as number;
      extremes.push({ index: extremes.length, value: Math.abs(extreme) / r0 });
      lastCrossing = j;
      if (Math.abs(extreme) / r0 < FIT_LOW) break;
    }
  }
  const used = extremes.filter((e) => e.value <= FIT_HIGH && e.value >= FIT_LOW);
  if (used.length < 3 || crossings.length < 4) return null;
  const crossingsUsed = crossings.slice(0, Math.max(4, (used.at(-1)?.index ?? 0) + 1));
  const halfPeriod = fitLine(crossingsUsed.map((t, i) => [i, t])).slope;
  const decrementPerHalf = -fitLine(used.map((e) => [e.index, Math.log(e.value)])).slope;
  const delta = 2 * decrementPerHalf;
  const zeta = delta / Math.sqrt(4 * Math.PI ** 2 + delta ** 2);
  const dampedHz = sampleRateHz / (2 * halfPeriod);
  return { frequency_hz: dampedHz / Math.sqrt(1 - zeta * zeta), damping_ratio: zeta };
}
