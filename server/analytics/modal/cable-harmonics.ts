import { fitLine, interceptStandardError } from '../line-fit.ts';
import { pickPeaks, type SpectralPeak } from '../peak-picking.ts';
import { welchPsd } from '../welch.ts';
import { type CableSpec, cableTension, type Harmonic } from './cable-tension.ts';

/** Harmonics used for the tension: the first five found (issue 31's goal, decision 079). */
export const CABLE_HARMONICS = 5;
/** Fewer found harmonics than this and no tension is estimated (decision 079). */
export const MIN_CABLE_HARMONICS = 3;
/** A harmonic is sought within this share of f₁ around its predicted frequency. */
const HARMONIC_TOLERANCE = 0.08;
/** Spectral peaks considered at most (the strongest, then sorted by frequency). */
const MAX_PEAKS = 40;
/** Lowest fundamental sought: a 600 m stay (T/m ≈ 6·10⁴ m²/s²) has f₁ ≈ 0.2 Hz. */
export const CABLE_FMIN_HZ = 0.1;

export interface HarmonicSearch {
  harmonics: Harmonic[];
  /** The fundamental chosen (null: no peak in the band). */
  fundamentalHz: number | null;
  /** The spectrum's bin width, Hz. */
  binHz: number;
}

/**
 * The harmonic series f_n ≈ n·f₁ of one accelerometer's record, from its Welch spectrum
 * (decision 079). Peaks: local maxima 4× above the band's median PSD, sub-bin by parabolic
 * interpolation, the 40 strongest. Each peak is tried as f₁; from it the series is followed
 * order by order, each harmonic sought within 0.08·f₁ of (n)·(f_k/k), f_k the highest harmonic
 * found so far (so a stay's bending stiffness, which stretches the series by a few per cent at
 * the fifth harmonic, is followed), the strongest peak there taken; one order may be missed
 * (a sensor near a node of it), two in a row end the series. The fundamental chosen is the one
 * whose series holds the most harmonics within the band, the lower on a tie: a peak at 2·f₁
 * explains only every other harmonic, and a traffic or deck peak off the series explains none.
 * Half of a peak is tried too, its order 1 counted as the one missed, and chosen only when it
 * explains at least two harmonics more (decision 079's 2026-12-01 amendment: a minute's record
 * often shows no peak at f₁). `fundamentalHz` is the f₁ chosen, seen or not.
 */
export function findHarmonics(
  samples: ArrayLike<number>,
  rateHz: number,
  options: { fminHz?: number; fmaxHz?: number; count?: number } = {},
): HarmonicSearch {
  const count = options.count ?? CABLE_HARMONICS;
  const segment = segmentLength(samples.length);
  const spectrum = welchPsd(samples, rateHz, segment);
  const binHz = rateHz / segment;
  if (spectrum.segments === 0) return { harmonics: [], fundamentalHz: null, binHz };
  const fmax = Math.min(options.fmaxHz ?? 0.45 * rateHz, 0.45 * rateHz);
  const minHz = Math.max(options.fminHz ?? CABLE_FMIN_HZ, 2 * binHz);
  const peaks = pickPeaks(spectrum, {
    minHz,
    maxHz: fmax,
    count: MAX_PEAKS,
  });
  let best: Harmonic[] = [];
  let bestF1: number | null = null;
  for (const candidate of peaks) {
    const series = followSeries(candidate.frequencyHz, peaks, fmax, true);
    if (series.length > best.length) [best, bestF1] = [series, candidate.frequencyHz];
  }
  // A fundamental too weak to make a peak (an accelerometer weighs a harmonic by its frequency
  // squared, and a minute's record is short): half a peak tried as f₁ with its own order 1
  // missing, taken only when it explains at least two harmonics more: the odd orders the peak's
  // own series skips. A series whose fundamental is seen keeps it (half of it explains the same
  // peaks), and one noise peak between two harmonics is not enough to halve f₁. Its odd orders
  // must be among the harmonics the tension uses (decision 079 (a)): misses may alternate, so a
  // half can follow the seen peaks as orders 2, 4, 6, 8 and pick leakage above them as the rest.
  const seenCount = best.length;
  for (const candidate of peaks) {
    const f1 = candidate.frequencyHz / 2;
    if (f1 < minHz) continue;
    const series = followSeries(f1, peaks, fmax, false);
    if (
      series.length >= seenCount + 2 &&
      series.length > best.length &&
      oddOrdersUsed(series, count) >= MIN_ODD_ORDERS
    ) {
      [best, bestF1] = [series, f1];
    }
  }
  return { harmonics: best.slice(0, count), fundamentalHz: bestF1, binHz };
}

/** Odd orders a half-a-peak f₁ must hold among the harmonics used (decision 079 (a)). */
const MIN_ODD_ORDERS = 2;

/** Odd orders among the first `count` harmonics of a series: those a seen series cannot explain. */
const oddOrdersUsed = (series: readonly Harmonic[], count: number) =>
  series.slice(0, count).filter((h) => h.order % 2 === 1).length;

function followSeries(
  f1: number,
  peaks: readonly SpectralPeak[],
  fmaxHz: number,
  seen: boolean,
): Harmonic[] {
  const series: Harmonic[] = seen ? [{ order: 1, frequencyHz: f1 }] : [];
  let perOrder = f1;
  let missed = seen ? 0 : 1;
  for (let n = 2; n * f1 * 0.95 <= fmaxHz; n += 1) {
    const predicted = n * perOrder;
    let found: SpectralPeak | undefined;
    for (const p of peaks) {
      if (Math.abs(p.frequencyHz - predicted) > HARMONIC_TOLERANCE * f1) continue;
      if (!found || p.power > found.power) found = p;
    }
    if (!found) {
      missed += 1;
      if (missed >= 2) break;
      continue;
    }
    missed = 0;
    series.push({ order: n, frequencyHz: found.frequencyHz });
    perOrder = found.frequencyHz / n;
  }
  return series;
}

/** Quarter of the record, a power of two, 256 to 65536 samples. */
function segmentLength(samples: number): number {
  let size = 256;
  while (size * 2 <= samples / 4 && size < 65536) size *= 2;
  return size;
}

export type CableTensionResult =
  | {
      kind: 'estimated';
      tensionN: number;
      /** Standard error of the tension, N (decision 079). */
      uncertaintyN: number;
      harmonics: Harmonic[];
      method: 'clamped-bending-correction' | 'harmonic-regression';
    }
  | { kind: 'refused'; harmonics: Harmonic[]; reason: string };

/**
 * The tension of a cable from one window of its accelerometer (decision 079): the first five
 * harmonics of `findHarmonics`, refused with fewer than three. With EI, decision 046's clamped
 * bending-stiffness correction per harmonic, averaged; the uncertainty is the standard error of
 * that mean, floored by the frequency resolution (a tenth of a bin on f₁ counts twice in T).
 * Without EI, the regression of (f_n/n)² on n²; the uncertainty is its intercept's standard error.
 */
export function estimateCableTension(
  samples: ArrayLike<number>,
  rateHz: number,
  cable: CableSpec,
): CableTensionResult {
  const { harmonics, fundamentalHz, binHz } = findHarmonics(samples, rateHz);
  if (harmonics.length < MIN_CABLE_HARMONICS) {
    const found =
      fundamentalHz === null
        ? 'no spectral peak stands out'
        : `${harmonics.length} harmonic${harmonics.length === 1 ? '' : 's'} of ${fundamentalHz.toFixed(3)} Hz found`;
    return {
      kind: 'refused',
      harmonics,
      reason: `${found}; at least ${MIN_CABLE_HARMONICS} are needed for a tension`,
    };
  }
  const estimate = cableTension(cable, harmonics);
  const k = harmonics.length;
  const f1 = harmonics[0]?.frequencyHz ?? 1;
  const resolution = 2 * estimate.tensionN * ((0.1 * binHz) / f1);
  let uncertaintyN: number;
  if (estimate.method === 'clamped-bending-correction') {
    uncertaintyN = Math.max(estimate.spreadN / Math.sqrt(k), resolution);
  } else {
    uncertaintyN = Math.max(interceptError(cable, harmonics), resolution);
  }
  return {
    kind: 'estimated',
    tensionN: estimate.tensionN,
    uncertaintyN,
    harmonics,
    method: estimate.method,
  };
}

/** Standard error of T = 4mL²·a from the regression (f_n/n)² = a + b·n² (k ≥ 3). */
function interceptError(cable: CableSpec, harmonics: readonly Harmonic[]): number {
  const fit = fitLine(harmonics.map(({ order: n, frequencyHz: f }) => [n * n, (f / n) ** 2]));
  return 4 * cable.massPerM * cable.lengthM ** 2 * interceptStandardError(fit);
}
