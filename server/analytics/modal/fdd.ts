import FFT from 'fft.js';

/**
 * Frequency-domain decomposition (Brincker, Zhang & Andersen 2001, Smart Mater. Struct. 10:441):
 * the cross-spectral density matrix G(f) of all channels, decomposed at each frequency line; near
 * a mode its first singular value is that mode's auto spectral density and its first singular
 * vector the mode shape.
 */
export interface FddSpectrum {
  /** Bin spacing (Hz); bin k is at k·step. */
  step: number;
  /** First singular value of G at each bin. */
  singular: Float64Array;
  /** First singular vector at each bin, real and imaginary parts, bin-major (bins × channels). */
  vectorRe: Float64Array;
  vectorIm: Float64Array;
  channels: number;
  /** Samples per segment: the ACF of a bell is known up to half of it. */
  segmentLength: number;
}

interface RealFft {
  createComplexArray(): number[];
  realTransform(out: number[], input: ArrayLike<number>): void;
}

/**
 * Segments 8 times shorter than the record (at least 8 averages, 15 with the overlap), at most
 * 8192 samples: long segments keep the Hann window's widening of each bell, which would bias the
 * EFDD damping upwards, small against the modal bandwidth.
 */
export function fddSegmentLength(samples: number): number {
  let length = 64;
  while (length * 2 <= samples / 8 && length < 8192) length *= 2;
  return length;
}

/** Welch sums of the cross-spectral matrix, before any scaling. */
export interface CrossSpectra {
  /** Σ X_a·conj(X_b) over the segments, bins × l × l complex, row-major per bin. */
  gRe: Float64Array;
  gIm: Float64Array;
  bins: number;
  channels: number;
  segmentLength: number;
  /** Segments summed (those holding a non-finite sample are left out). */
  segments: number;
  /** Σ w_i² of the Hann window, for a density scaling. */
  windowPower: number;
}

/**
 * Welch sums of G(f): Hann window, half overlap, each segment's mean removed, segments holding
 * a non-finite sample in any channel left out. Its diagonal holds, bin by bin and in the same
 * order of additions, the periodogram sums welchPsd (../welch.ts) forms for each channel.
 */
export function crossSpectra(
  channels: readonly ArrayLike<number>[],
  segmentLength: number,
): CrossSpectra {
  const l = channels.length;
  const samples = channels[0]?.length ?? 0;
  const n = segmentLength;
  if (samples < n) throw new RangeError('the record is too short for a spectrum');
  const bins = n / 2 + 1;
  const fft = new FFT(n) as RealFft;
  const window = new Float64Array(n);
  let windowPower = 0;
  for (let i = 0; i < n; i += 1) {
    window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / n);
    windowPower += (window[i] as number) * (window[i] as number);
  }
  const gRe = new Float64Array(bins * l * l);
  const gIm = new Float64Array(bins * l * l);
  // This segment's transforms, bin-major (bins × l), so each bin's products read one run.
  const spectraRe = new Float64Array(bins * l);
  const spectraIm = new Float64Array(bins * l);
  const segment = new Float64Array(n);
  const out = fft.createComplexArray();
  let segments = 0;
  for (let start = 0; start + n <= samples; start += n / 2) {
    let complete = true;
    for (let c = 0; c < l && complete; c += 1) {
      const channel = channels[c] as ArrayLike<number>;
      let mean = 0;
      for (let i = 0; i < n; i += 1) mean += channel[start + i] as number;
      if (!Number.isFinite(mean)) {
        complete = false;
        break;
      }
      mean /= n;
      for (let i = 0; i < n; i += 1)
        segment[i] = ((channel[start + i] as number) - mean) * (window[i] as number);
      fft.realTransform(out, segment);
      for (let k = 0; k < bins; k += 1) {
        spectraRe[k * l + c] = out[2 * k] as number;
        spectraIm[k * l + c] = out[2 * k + 1] as number;
      }
    }
    if (!complete) continue;
    segments += 1;
    addProducts(gRe, gIm, spectraRe, spectraIm, l);
  }
  return { gRe, gIm, bins, channels: l, segmentLength: n, segments, windowPower };
}

/** G += X·Xᴴ at every bin. */
function addProducts(
  gRe: Float64Array,
  gIm: Float64Array,
  spectraRe: Float64Array,
  spectraIm: Float64Array,
  l: number,
): void {
  const bins = spectraRe.length / l;
  for (let k = 0; k < bins; k += 1) {
    for (let a = 0; a < l; a += 1) {
      const aRe = spectraRe[k * l + a] as number;
      const aIm = spectraIm[k * l + a] as number;
      for (let b = 0; b < l; b += 1) {
        const bRe = spectraRe[k * l + b] as number;
        const bIm = spectraIm[k * l + b] as number;
        const index = (k * l + a) * l + b;
        // X_a · conj(X_b)
        gRe[index] = (gRe[index] as number) + aRe * bRe + aIm * bIm;
        gIm[index] = (gIm[index] as number) + aIm * bRe - aRe * bIm;
      }
    }
  }
}

/**
 * G(f) and its first singular value and vector at every bin. G is Hermitian and positive
 * semi-definite, so its first singular pair is its leading eigenpair, found by power iteration
 * started from the neighbouring bin's vector (few iterations where the modes dominate).
 * `cross` may be passed when the caller already has the sums at fddSegmentLength.
 */
export function fddSpectrum(
  channels: readonly ArrayLike<number>[],
  rateHz: number,
  cross: CrossSpectra = crossSpectra(channels, fddSegmentLength(channels[0]?.length ?? 0)),
): FddSpectrum {
  const { gRe, gIm, bins, channels: l, segmentLength: n } = cross;
  return { ...leadingPairs(gRe, gIm, bins, l), channels: l, step: rateHz / n, segmentLength: n };
}

function leadingPairs(
  gRe: Float64Array,
  gIm: Float64Array,
  bins: number,
  l: number,
): Pick<FddSpectrum, 'singular' | 'vectorRe' | 'vectorIm'> {
  const singular = new Float64Array(bins);
  const vectorRe = new Float64Array(bins * l);
  const vectorIm = new Float64Array(bins * l);
  const vRe = new Float64Array(l).fill(1 / Math.sqrt(l));
  const vIm = new Float64Array(l);
  const wRe = new Float64Array(l);
  const wIm = new Float64Array(l);
  for (let k = 0; k < bins; k += 1) {
    let value = 0;
    // Between modes the first two singular values are close and the iteration converges slowly,
    // but there neither the vector nor the value is used beyond a bell's edge: 1e-6 is enough.
    for (let iteration = 0; iteration < 30; iteration += 1) {
      const base = k * l * l;
      for (let a = 0; a < l; a += 1) {
        let sRe = 0;
        let sIm = 0;
        for (let b = 0; b < l; b += 1) {
          const re = gRe[base + a * l + b] as number;
          const im = gIm[base + a * l + b] as number;
          sRe += re * (vRe[b] as number) - im * (vIm[b] as number);
          sIm += re * (vIm[b] as number) + im * (vRe[b] as number);
        }
        wRe[a] = sRe;
        wIm[a] = sIm;
      }
      let norm = 0;
      for (let a = 0; a < l; a += 1) norm += (wRe[a] as number) ** 2 + (wIm[a] as number) ** 2;
      norm = Math.sqrt(norm);
      if (norm === 0) break;
      for (let a = 0; a < l; a += 1) {
        vRe[a] = (wRe[a] as number) / norm;
        vIm[a] = (wIm[a] as number) / norm;
      }
      const converged = Math.abs(norm - value) <= 1e-6 * norm;
      value = norm;
      if (converged) break;
    }
    singular[k] = value;
    vectorRe.set(vRe, k * l);
    vectorIm.set(vIm, k * l);
  }
  return { singular, vectorRe, vectorIm };
}

/** MAC of the first singular vectors at two bins. */
export function binMac(spectrum: FddSpectrum, k1: number, k2: number): number {
  const l = spectrum.channels;
  let crossRe = 0;
  let crossIm = 0;
  let aa = 0;
  let bb = 0;
  for (let c = 0; c < l; c += 1) {
    const aRe = spectrum.vectorRe[k1 * l + c] as number;
    const aIm = spectrum.vectorIm[k1 * l + c] as number;
    const bRe = spectrum.vectorRe[k2 * l + c] as number;
    const bIm = spectrum.vectorIm[k2 * l + c] as number;
    crossRe += aRe * bRe + aIm * bIm;
    crossIm += aRe * bIm - aIm * bRe;
    aa += aRe * aRe + aIm * aIm;
    bb += bRe * bRe + bIm * bIm;
  }
  return aa > 0 && bb > 0 ? (crossRe ** 2 + crossIm ** 2) / (aa * bb) : 0;
}
