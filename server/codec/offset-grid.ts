/**
 * A coarse grid shifted by a constant, with a small remainder: each value is the block's first
 * value plus d / 2^K, where 2^-K is the finest binary digit any value uses and d = n·2^s + e,
 * n an integer on the coarse grid and e a small remainder. The Munich records' lowered-support
 * strain files are such blocks (decision 075, amended 2026-12-01 (b)): float32 readings (a 2^-17
 * to 2^-21 grid) less a zero reading, computed and rounded at a larger magnitude, so every value
 * lies within a few units of 2^-46 of a shifted coarse grid and on no unshifted grid a packer can
 * use; they went to XOR at 5.3 to 6.4 bytes a sample. The integers are exact (below 2^53), so
 * what the encoder checks is what the decoder computes.
 */
import { DamagedBlockError } from './bit-stream.ts';

/** The header keeps K and s in one byte each. */
const MAX_DIGITS = 255;
const MAX_SHIFT = 52;
/** The differences from the base as integers, so their sums and steps stay exact. */
const MAX_DISTANCE = 2 ** 52;
/** A coarse step counts where every remainder lies within this fraction of it (2^-3). */
const SPREAD_SHIFT = 3;
/** Values the coarse step is first sought on, before one pass over the whole block. */
const PROBE = 64;

const double = new Float64Array(1);
const halves = new Uint32Array(double.buffer);
/** Which half of a double's bytes holds its sign and exponent on this machine. */
const HIGH = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1 ? 1 : 0;

/** Binary digits after the point of a finite double; Infinity for subnormals, NaN, ±Infinity. */
function fractionBits(x: number): number {
  if (x === 0) return -Infinity;
  double[0] = x;
  const high = halves[HIGH] as number;
  const low = halves[1 - HIGH] as number;
  const exponent = (high >>> 20) & 0x7ff;
  if (exponent === 0 || exponent === 0x7ff) return Infinity;
  const mantissaHigh = high & 0xfffff;
  const trailing =
    low !== 0
      ? 31 - Math.clz32(low & -low)
      : mantissaHigh !== 0
        ? 63 - Math.clz32(mantissaHigh & -mantissaHigh)
        : 52;
  return 52 - trailing - (exponent - 1023);
}

export interface OffsetGrid {
  /** 2^-digits is the finest binary digit of the block. */
  digits: number;
  /** The coarse grid is 2^shift of those. */
  shift: number;
  base: number;
  steps: Float64Array;
  remainders: Float64Array;
}

/**
 * Whether the remainders of the first `count` distances at coarse step 2^shift lie within
 * 2^(shift - SPREAD_SHIFT) of each other; the pass stops once they do not (the spread only
 * widens; decision 075, amended 2026-12-02).
 */
function fitsProbe(distances: Float64Array, count: number, shift: number): boolean {
  const step = 2 ** shift;
  const limit = 2 ** (shift - SPREAD_SHIFT);
  let low = Infinity;
  let high = -Infinity;
  for (let i = 0; i < count; i += 1) {
    const d = distances[i] as number;
    const e = d - Math.round(d / step) * step;
    if (e < low) low = e;
    if (e > high) high = e;
    if (high - low >= limit) return false;
  }
  return true;
}

/**
 * The block as an offset grid, or null: when a value is -0, subnormal or not finite, its digits
 * go past 2^-255, the block spans more than 2^52 of its finest digit, no coarse step leaves
 * remainders under an eighth of it, or a value would not come back bit for bit.
 */
export function offsetGrid(values: Float64Array): OffsetGrid | null {
  const n = values.length;
  if (n < 2) return null;
  let digits = 0;
  for (let i = 0; i < n; i += 1) {
    const x = values[i] as number;
    if (Object.is(x, -0)) return null;
    const bits = fractionBits(x);
    if (bits > digits) digits = bits;
    if (digits > MAX_DIGITS) return null;
  }
  const base = values[0] as number;
  const scale = 2 ** digits;
  const distances = new Float64Array(n);
  let least = 0;
  let most = 0;
  for (let i = 0; i < n; i += 1) {
    // Exact: both on the 2^-digits grid and, checked here, closer than 2^(52 - digits).
    const d = ((values[i] as number) - base) * scale;
    if (!(Math.abs(d) < MAX_DISTANCE)) return null;
    distances[i] = d;
    if (d < least) least = d;
    if (d > most) most = d;
  }
  // A step past a quarter of the block's range leaves the remainders the whole signal: the
  // coarsest step below that whose remainders fit the first values, then the whole block.
  let shift = Math.min(MAX_SHIFT, Math.floor(Math.log2(most - least + 1)) - 2);
  const probe = Math.min(n, PROBE);
  while (shift > SPREAD_SHIFT && !fitsProbe(distances, probe, shift)) {
    shift -= 1;
  }
  // The whole block at that step, coarser steps first: the remainders' spread found in the same
  // pass that stores them, and every value decoded as fromOffsetGrid does and compared, without
  // a second array (decision 075, amended 2026-12-01 (c); the same grid as before).
  const steps = new Float64Array(n);
  const remainders = new Float64Array(n);
  const unit = 2 ** -digits;
  for (; shift > SPREAD_SHIFT; shift -= 1) {
    const step = 2 ** shift;
    const limit = 2 ** (shift - SPREAD_SHIFT);
    let low = Infinity;
    let high = -Infinity;
    // The spread only widens: past the limit this step has failed, so the pass stops there
    // (decision 075, amended 2026-12-02; what it stored is overwritten by the next step).
    let i = 0;
    for (; i < n; i += 1) {
      const d = distances[i] as number;
      const m = Math.round(d / step);
      const e = d - m * step;
      steps[i] = m;
      remainders[i] = e;
      if (e < low) low = e;
      if (e > high) high = e;
      if (high - low >= limit) break;
    }
    if (i < n) continue;
    for (let i = 0; i < n; i += 1) {
      const d = (steps[i] as number) * step + (remainders[i] as number);
      if (!(Math.abs(d) < MAX_DISTANCE)) return null;
      if (!Object.is(base + d * unit, values[i])) return null;
    }
    return { digits, shift, base, steps, remainders };
  }
  return null;
}

/** The values: base + (n·2^shift + e) / 2^digits, refused as damage where that is not exact. */
export function fromOffsetGrid(grid: OffsetGrid): Float64Array<ArrayBuffer> {
  const { digits, shift, base, steps, remainders } = grid;
  if (digits > MAX_DIGITS || shift > MAX_SHIFT || !Number.isFinite(base)) {
    throw new DamagedBlockError('bad offset grid header');
  }
  const step = 2 ** shift;
  const unit = 2 ** -digits;
  const values = new Float64Array(steps.length);
  for (let i = 0; i < steps.length; i += 1) {
    const d = (steps[i] as number) * step + (remainders[i] as number);
    if (!(Math.abs(d) < MAX_DISTANCE)) throw new DamagedBlockError('offset grid value too far');
    values[i] = base + d * unit;
  }
  return values;
}
