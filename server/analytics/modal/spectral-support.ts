import { defaultSegmentLength, welchPsd } from '../welch.ts';
import { crossSpectra, fddSegmentLength, type CrossSpectra } from './fdd.ts';

export interface SpectralSupport {
  /** Frequency of the largest bin of the summed Welch spectrum near the mode. */
  peakHz: number;
  /** That bin's density over the median density of the band ±15 % around the mode. */
  prominence: number;
}

/** Near the mode: within 1 % of its frequency or two bins, whichever is wider. */
const NEAR_SHARE = 0.01;
const BAND_SHARE = 0.15;

/** The Welch spectra of all channels summed: the trace of the spectral matrix. */
export interface SummedSpectrum {
  trace: Float64Array;
  /** Bin spacing (Hz). */
  step: number;
}

/** The summed Welch spectrum (one-sided density) of the channels, one welchPsd each. */
export function summedSpectrum(
  channels: readonly ArrayLike<number>[],
  rateHz: number,
): SummedSpectrum {
  const length = channels[0]?.length ?? 0;
  const segment = defaultSegmentLength(length);
  const spectra = channels.map((channel) => welchPsd(channel, rateHz, segment));
  const bins = spectra[0]?.psd.length ?? 0;
  const trace = new Float64Array(bins);
  for (const spectrum of spectra) {
    for (let k = 0; k < bins; k += 1) trace[k] = (trace[k] ?? 0) + (spectrum.psd[k] ?? 0);
  }
  return { trace, step: rateHz / segment };
}

/**
 * The same summed spectrum from the diagonal of the cross-spectral sums, scaled as welchPsd
 * scales each periodogram sum: equal to the last digit when the segment lengths agree and
 * every channel is finite (a prepared record), since the diagonal's sums are welchPsd's own.
 */
export function summedFromCrossSpectra(cross: CrossSpectra, rateHz: number): SummedSpectrum {
  const { bins, channels: l, gRe, segments, windowPower } = cross;
  const scale = segments === 0 ? 0 : 1 / (segments * rateHz * windowPower);
  const trace = new Float64Array(bins);
  for (let c = 0; c < l; c += 1) {
    for (let k = 0; k < bins; k += 1) {
      const density =
        (gRe[(k * l + c) * l + c] as number) * scale * (k === 0 || k === bins - 1 ? 1 : 2);
      trace[k] = (trace[k] as number) + density;
    }
  }
  return { trace, step: rateHz / cross.segmentLength };
}

/**
 * The spectra of a prepared (finite, gap-filled) record: the FDD cross-spectral sums when their
 * segment length is the Welch default (10 minutes at 100 Hz: both 4,096), so the summed spectrum
 * comes from them instead of a second pass of FFTs; else the summed Welch spectrum alone.
 */
export function recordSpectra(
  channels: readonly ArrayLike<number>[],
  rateHz: number,
): { summed: SummedSpectrum; cross?: CrossSpectra } {
  const length = channels[0]?.length ?? 0;
  const segment = fddSegmentLength(length);
  if (segment !== defaultSegmentLength(length) || length < segment) {
    return { summed: summedSpectrum(channels, rateHz) };
  }
  const cross = crossSpectra(channels, segment);
  return { summed: summedFromCrossSpectra(cross, rateHz), cross };
}

/**
 * An independent look at the record for each identified frequency: the Welch spectra of all
 * channels summed (the trace of the spectral matrix, which every mode raises), its largest bin
 * near the frequency and how far that bin stands above the band around it. A pole that the
 * spectrum does not raise at all is a fit to noise, whatever its stability.
 */
export function spectralSupport(
  { trace, step }: SummedSpectrum,
  frequenciesHz: readonly number[],
): SpectralSupport[] {
  const bins = trace.length;
  return frequenciesHz.map((f) => {
    const near = Math.max(NEAR_SHARE * f, 2 * step);
    let peak = -1;
    for (
      let k = Math.max(1, Math.floor((f - near) / step));
      k <= Math.min(bins - 1, Math.ceil((f + near) / step));
      k += 1
    ) {
      if (peak < 0 || (trace[k] ?? 0) > (trace[peak] ?? 0)) peak = k;
    }
    const band: number[] = [];
    for (
      let k = Math.max(1, Math.floor((f * (1 - BAND_SHARE)) / step));
      k <= Math.min(bins - 1, Math.ceil((f * (1 + BAND_SHARE)) / step));
      k += 1
    ) {
      band.push(trace[k] ?? 0);
    }
    band.sort((a, b) => a - b);
    const median = band[Math.floor(band.length / 2)] ?? 0;
    return {
      peakHz: peak * step,
      prominence: median > 0 && peak >= 0 ? (trace[peak] ?? 0) / median : 0,
    };
  });
}
