import { defaultSegmentLength, welchPsd } from '../welch.ts';

export interface SpectralSupport {
  /** Frequency of the largest bin of the summed Welch spectrum near the mode. */
  peakHz: number;
  /** That bin's density over the median density of the band ±15 % around the mode. */
  prominence: number;
}

/** Near the mode: within 1 % of its frequency or two bins, whichever is wider. */
const NEAR_SHARE = 0.01;
const BAND_SHARE = 0.15;

/**
 * An independent look at the record for each identified frequency: the Welch spectra of all
 * channels summed (the trace of the spectral matrix, which every mode raises), its largest bin
 * near the frequency and how far that bin stands above the band around it. A pole that the
 * spectrum does not raise at all is a fit to noise, whatever its stability.
 */
export function spectralSupport(
  channels: readonly ArrayLike<number>[],
  rateHz: number,
  frequenciesHz: readonly number[],
): SpectralSupport[] {
  const length = channels[0]?.length ?? 0;
  const segment = defaultSegmentLength(length);
  const spectra = channels.map((channel) => welchPsd(channel, rateHz, segment));
  const bins = spectra[0]?.psd.length ?? 0;
  const trace = new Float64Array(bins);
  for (const spectrum of spectra) {
    for (let k = 0; k < bins; k += 1) trace[k] = (trace[k] ?? 0) + (spectrum.psd[k] ?? 0);
  }
  const step = rateHz / segment;
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
