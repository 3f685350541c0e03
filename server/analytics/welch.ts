import { at } from './at.ts';
import FFT from 'fft.js';

export interface Spectrum {
  /** Bin frequencies in Hz, 0..rate/2. */
  frequencies: Float64Array;
  /** One-sided power spectral density (unit² / Hz). */
  psd: Float64Array;
  /** Segments averaged; segments holding a missing sample are left out. */
  segments: number;
}

// fft.js ships loose typings; this is the part we use.
interface RealFft {
  createComplexArray(): number[];
  realTransform(out: number[], input: ArrayLike<number>): void;
}

const ffts = new Map<number, RealFft>();
function fftOfSize(size: number): RealFft {
  let fft = ffts.get(size);
  if (!fft) {
    fft = new FFT(size) as RealFft;
    ffts.set(size, fft);
  }
  return fft;
}

/**
 * Welch's method: Hann-windowed segments with 50 % overlap, mean removed per segment, periodograms
 * averaged. Averaging trades frequency resolution for a much lower variance than one periodogram,
 * which is what makes peak picking on ambient vibration stable.
 * `segmentLength` must be a power of two. A segment with a missing (NaN) sample is left out rather
 * than filled; with no complete segment the PSD is all zeros and `segments` is 0.
 */
export function welchPsd(
  values: ArrayLike<number>,
  rateHz: number,
  segmentLength: number,
): Spectrum {
  if (segmentLength < 4 || (segmentLength & (segmentLength - 1)) !== 0) {
    throw new RangeError('segmentLength must be a power of two of at least 4');
  }
  if (values.length < segmentLength) throw new RangeError('fewer samples than one segment');
  const fft = fftOfSize(segmentLength);
  const window = new Float64Array(segmentLength);
  let windowPower = 0;
  for (let i = 0; i < segmentLength; i += 1) {
    window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / segmentLength);
    windowPower += at(window, i) * at(window, i);
  }
  const bins = segmentLength / 2 + 1;
  const psd = new Float64Array(bins);
  const segment = new Float64Array(segmentLength);
  const out = fft.createComplexArray();
  const step = segmentLength / 2;
  let segments = 0;
  for (let start = 0; start + segmentLength <= values.length; start += step) {
    let mean = 0;
    for (let i = 0; i < segmentLength; i += 1) mean += at(values, start + i);
    if (!Number.isFinite(mean)) continue;
    mean /= segmentLength;
    for (let i = 0; i < segmentLength; i += 1)
      segment[i] = (at(values, start + i) - mean) * at(window, i);
    fft.realTransform(out, segment);
    for (let k = 0; k < bins; k += 1) {
      const re = at(out, 2 * k);
      const im = at(out, 2 * k + 1);
      psd[k] = at(psd, k) + re * re + im * im;
    }
    segments += 1;
  }
  const scale = segments === 0 ? 0 : 1 / (segments * rateHz * windowPower);
  const frequencies = new Float64Array(bins);
  for (let k = 0; k < bins; k += 1) {
    // One-sided: double every bin except DC and Nyquist.
    psd[k] = at(psd, k) * scale * (k === 0 || k === bins - 1 ? 1 : 2);
    frequencies[k] = (k * rateHz) / segmentLength;
  }
  return { frequencies, psd, segments };
}

/** The largest power of two not above n/8 (eight segments or more), capped at 4096. */
export function defaultSegmentLength(sampleCount: number): number {
  let length = 4;
  while (length * 2 <= sampleCount / 8 && length < 4096) length *= 2;
  return length;
}
