import FFT from 'fft.js';

interface RealFft {
  createComplexArray(): number[];
  realTransform(out: number[], input: ArrayLike<number>): void;
  inverseTransform(out: number[], input: ArrayLike<number>): void;
}

/**
 * The transform length for lags 0..maxLag: a power of two about four times the lags, so each
 * block carries about three samples of b per lag of overlap it must also transform of a.
 */
function transformLength(maxLag: number): number {
  let size = 64;
  while (size < 4 * (maxLag + 1)) size *= 2;
  return size;
}

/**
 * Σ_t a(t+k)·b(t) for every ordered channel pair (a, b) and k = 0..maxLag, as l×l row-major
 * matrices (a beyond the record counts as 0). The hot loop of SSI-COV: summed directly it is
 * l²·(maxLag+1)·N multiply-adds (240 million for 10 channels, 40 lags, 10 minutes at 100 Hz).
 * Here b is cut into blocks of B = size − maxLag samples; block j of b, zero-padded to `size`,
 * against a's `size` samples from the block's start has, circularly, exactly the block's lagged
 * sums for k ≤ maxLag (t + k never wraps), so its cross-spectrum A·conj(B) carries them, and by
 * linearity the cross-spectra of all blocks are summed first and inverted once per pair:
 * l²·(size/2+1) complex products per block instead of l²·(maxLag+1)·B multiply-adds. Equal to
 * the direct sums up to rounding (relative 1e-15 of the zero-lag sums).
 */
export function laggedProductSums(
  channels: readonly Float64Array[],
  maxLag: number,
): Float64Array[] {
  const l = channels.length;
  const length = channels[0]?.length ?? 0;
  const size = transformLength(maxLag);
  const block = size - maxLag;
  const bins = size / 2 + 1;
  const fft = new FFT(size) as RealFft;
  // Summed cross-spectra, pair-major: (a·l + b)·bins + bin.
  const sumRe = new Float64Array(l * l * bins);
  const sumIm = new Float64Array(l * l * bins);
  // This block's transforms, channel-major: the spans of a and the zero-padded blocks of b.
  const spanRe = new Float64Array(l * bins);
  const spanIm = new Float64Array(l * bins);
  const blockRe = new Float64Array(l * bins);
  const blockIm = new Float64Array(l * bins);
  const segment = new Float64Array(size);
  const out = fft.createComplexArray();
  const transform = (re: Float64Array, im: Float64Array, c: number): void => {
    fft.realTransform(out, segment);
    for (let f = 0; f < bins; f += 1) {
      re[c * bins + f] = out[2 * f] as number;
      im[c * bins + f] = out[2 * f + 1] as number;
    }
  };
  for (let start = 0; start < length; start += block) {
    const spanEnd = Math.min(start + size, length);
    const blockEnd = Math.min(start + block, length);
    for (let c = 0; c < l; c += 1) {
      const channel = channels[c] as Float64Array;
      segment.fill(0);
      segment.set(channel.subarray(start, spanEnd));
      transform(spanRe, spanIm, c);
      segment.fill(0, blockEnd - start);
      transform(blockRe, blockIm, c);
    }
    for (let a = 0; a < l; a += 1) {
      for (let b = 0; b < l; b += 1) {
        const pair = (a * l + b) * bins;
        for (let f = 0; f < bins; f += 1) {
          const xRe = spanRe[a * bins + f] as number;
          const xIm = spanIm[a * bins + f] as number;
          const yRe = blockRe[b * bins + f] as number;
          const yIm = blockIm[b * bins + f] as number;
          sumRe[pair + f] = (sumRe[pair + f] as number) + xRe * yRe + xIm * yIm;
          sumIm[pair + f] = (sumIm[pair + f] as number) + xIm * yRe - xRe * yIm;
        }
      }
    }
  }
  const result = Array.from({ length: maxLag + 1 }, () => new Float64Array(l * l));
  const spectrum = fft.createComplexArray();
  for (let pair = 0; pair < l * l; pair += 1) {
    // The full spectrum of a real sequence: bins above size/2 are the conjugates of those below.
    for (let f = 0; f < bins; f += 1) {
      spectrum[2 * f] = sumRe[pair * bins + f] as number;
      spectrum[2 * f + 1] = sumIm[pair * bins + f] as number;
    }
    for (let f = bins; f < size; f += 1) {
      spectrum[2 * f] = sumRe[pair * bins + size - f] as number;
      spectrum[2 * f + 1] = -(sumIm[pair * bins + size - f] as number);
    }
    fft.inverseTransform(out, spectrum);
    for (let k = 0; k <= maxLag; k += 1) (result[k] as Float64Array)[pair] = out[2 * k] as number;
  }
  return result;
}
