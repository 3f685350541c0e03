/**
 * Decimation before SSI-COV, chosen from the band of modes sought. A long-span fundamental
 * (0.05 Hz) needs correlation lags reaching half its period (Reynders 2012): at 100 Hz that is
 * 1,000 block rows, a Toeplitz matrix no SVD here can afford; at a rate a few times the highest
 * mode sought it is a few dozen.
 */

/** The band's top stays below this share of the decimated rate (80 % of its Nyquist frequency). */
export const BAND_SHARE_OF_RATE = 0.4;
/** Largest Toeplitz size by default (identify-modes.ts): the lags it allows fix the lowest rate. */
export const MAX_TOEPLITZ = 200;

/**
 * The whole decimation factor q: as large as keeps `fmaxHz` within the band, and at least as
 * large as lets rate/q ≤ 2·fmin·(block rows the Toeplitz size allows), so the lags cover half a
 * period of `fminHz`. When the two conflict the lowest mode wins and the band's top is lowered
 * (the caller reports it).
 */
export function decimationFactor(
  rateHz: number,
  fminHz: number,
  fmaxHz: number,
  channels: number,
): number {
  const forBand = Math.floor(rateHz / (fmaxHz / BAND_SHARE_OF_RATE));
  const maxBlockRows = Math.floor(MAX_TOEPLITZ / channels);
  const forLowest = fminHz > 0 ? Math.ceil(rateHz / (2 * fminHz * maxBlockRows)) : 1;
  return Math.max(1, forBand, forLowest);
}

/**
 * Low-pass and keep every q-th sample: a Blackman-windowed sinc FIR (Oppenheim & Schafer,
 * Discrete-Time Signal Processing, §7.5) with its −6 dB point at half the new rate and its
 * transition from 0.4 to 0.6 of it: the band up to 0.4 is passed flat (no damping bias), and
 * what lies above 0.6, which would alias into that band, is suppressed by the window's ~74 dB. Only outputs whose taps lie wholly inside the record are kept; a
 * non-finite input makes its outputs NaN, which the record preparation treats as a gap.
 */
export function decimate(channel: ArrayLike<number>, q: number): Float64Array {
  if (q === 1) return Float64Array.from(channel);
  const taps = lowPassTaps(q);
  const m = taps.length;
  const count = Math.max(0, Math.floor((channel.length - m) / q) + 1);
  const out = new Float64Array(count);
  for (let j = 0; j < count; j += 1) {
    const start = j * q;
    let sum = 0;
    for (let n = 0; n < m; n += 1) sum += (taps[n] as number) * (channel[start + n] as number);
    out[j] = sum;
  }
  return out;
}

function lowPassTaps(q: number): Float64Array {
  const cutoff = 0.5 / q; // cycles per input sample
  // A Blackman window's transition is about 5.5/length wide; here 0.2/q.
  const half = Math.ceil(13.75 * q);
  const m = 2 * half + 1;
  const taps = new Float64Array(m);
  let sum = 0;
  for (let n = 0; n < m; n += 1) {
    const x = n - half;
    const sinc = x === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * x) / (Math.PI * x);
    const w =
      0.42 -
      0.5 * Math.cos((2 * Math.PI * n) / (m - 1)) +
      0.08 * Math.cos((4 * Math.PI * n) / (m - 1));
    taps[n] = sinc * w;
    sum += sinc * w;
  }
  for (let n = 0; n < m; n += 1) taps[n] = (taps[n] as number) / sum;
  return taps;
}
