import { at } from './at.ts';
import type { Spectrum } from './welch.ts';

export interface SpectralPeak {
  frequencyHz: number;
  power: number;
}

export interface PeakOptions {
  minHz: number;
  maxHz: number;
  /** How many peaks to keep, strongest first before sorting by frequency. */
  count: number;
  /** A peak must stand this many times above the median PSD of the band (default 4). */
  minProminence?: number;
}

/**
 * Local maxima of the PSD, refined by parabolic interpolation of the log-power around the peak
 * bin (sub-bin accuracy: a 2 % frequency drop is far less than one bin at typical resolutions),
 * keeping the strongest `count` above a prominence floor, returned in ascending frequency.
 */
export function pickPeaks(spectrum: Spectrum, options: PeakOptions): SpectralPeak[] {
  const { frequencies, psd } = spectrum;
  const band: number[] = [];
  for (let k = 1; k < psd.length - 1; k += 1) {
    if (at(frequencies, k) >= options.minHz && at(frequencies, k) <= options.maxHz) band.push(k);
  }
  if (band.length === 0) return [];
  const sorted = band.map((k) => at(psd, k)).sort((a, b) => a - b);
  const floor = (sorted[Math.floor(sorted.length / 2)] ?? 0) * (options.minProminence ?? 4);
  const peaks: SpectralPeak[] = [];
  const binWidth = at(frequencies, 1) - at(frequencies, 0);
  for (const k of band) {
    const p = at(psd, k);
    if (p <= floor || p < at(psd, k - 1) || p < at(psd, k + 1)) continue;
    const left = Math.log(at(psd, k - 1) + 1e-300);
    const centre = Math.log(p + 1e-300);
    const right = Math.log(at(psd, k + 1) + 1e-300);
    const denominator = left - 2 * centre + right;
    const offset = denominator < 0 ? (0.5 * (left - right)) / denominator : 0;
    peaks.push({ frequencyHz: at(frequencies, k) + offset * binWidth, power: p });
  }
  return peaks
    .sort((a, b) => b.power - a.power)
    .slice(0, options.count)
    .sort((a, b) => a.frequencyHz - b.frequencyHz);
}
