/**
 * The grids a block's doubles may lie on, each as integers and back: a decimal grid (10^-k, what
 * a logger that writes k decimals produces), a binary grid (2^-k, what float32 readings and
 * fixed-point converters produce) and a declared resolution (the stream's step, lossy by at most
 * half of it). The exact grids are used only when every value comes back bit for bit; this is
 * the idea of ALP (Afroozeh & Boncz, "ALP: Adaptive Lossless floating-Point Compression",
 * SIGMOD 2024), which finds that most real doubles are decimals written with few digits.
 */
import { MAX_PACKED_INTEGER } from './integer-sequence.ts';

/** Most decimals tried: 10^22 is the largest power of ten a double holds exactly. */
export const MAX_DECIMALS = 22;
const POWERS_OF_TEN = Array.from({ length: MAX_DECIMALS + 1 }, (_, k) => Number(`1e${k}`));

const fitsDecimal = (x: number, k: number) => {
  const n = Math.round(x * (POWERS_OF_TEN[k] as number));
  return Math.abs(n) < MAX_PACKED_INTEGER && n / (POWERS_OF_TEN[k] as number) === x;
};

/**
 * The fewest decimals k such that every value is n / 10^k for an integer n (|n| < 2^50), with
 * the integers; null when there is none (or a -0, which the integers cannot carry).
 */
export function decimalGrid(values: Float64Array): { k: number; integers: Float64Array } | null {
  let k = 0;
  for (let i = 0; i < values.length; i += 1) {
    const x = values[i] as number;
    while (!fitsDecimal(x, k)) {
      k += 1;
      if (k > MAX_DECIMALS) return null;
    }
  }
  // n / 10^k exact at the k a value needed is not proven for every larger k: check them all.
  const power = POWERS_OF_TEN[k] as number;
  const integers = new Float64Array(values.length);
  for (let i = 0; i < values.length; i += 1) {
    const x = values[i] as number;
    const n = Math.round(x * power);
    if (n / power !== x || Object.is(x, -0) || Math.abs(n) >= MAX_PACKED_INTEGER) return null;
    integers[i] = n;
  }
  return { k, integers };
}

/**
 * A decimal grid with exceptions (decision 075, amended 2026-12-01 (d)): the fewest decimals k
 * that at least three quarters of the values need, the integers at k, and the positions of the
 * values that are not n / 10^k (|n| < 2^50, not -0): there the run holds the nearest integer, or
 * the previous one where that is past 2^50. The Munich tilt files print 16 fixed decimals but
 * their small values in e-notation and their large ones past 2^50 at 16 decimals. Null when no
 * k fits three quarters or more than a quarter would be exceptions.
 */
/**
 * The fewest decimals k at which `fitsDecimal(x, k)`, or MAX_DECIMALS + 1 for none, tried first
 * at `hint` (the value before's; a logger's values mostly need the same k), so a value usually
 * costs two tries instead of up to 23 (decision 075, amended 2026-12-02). Exact because the k
 * that fit are one unbroken run: if n / 10^k rounds to x, so does 10n / 10^(k+1), and
 * Math.round(x * 10^(k+1)) is 10n while |10n| < 2^51 (its rounding error is under a quarter),
 * so fitsDecimal holds from the fewest k until the integer reaches 2^50. Hence fitting at the
 * hint and not one below means the hint is the fewest; not fitting at the hint with its integer
 * under 2^50 means every fitting k is above it; otherwise the scan from 0 decides, as before.
 */
export function fewestDecimals(x: number, hint: number): number {
  if (fitsDecimal(x, hint)) {
    let k = hint;
    while (k > 0 && fitsDecimal(x, k - 1)) k -= 1;
    return k;
  }
  let k =
    Math.abs(Math.round(x * (POWERS_OF_TEN[hint] as number))) < MAX_PACKED_INTEGER ? hint + 1 : 0;
  while (k <= MAX_DECIMALS && !fitsDecimal(x, k)) k += 1;
  return k;
}

export function decimalGridPatched(
  values: Float64Array,
): { k: number; integers: Float64Array; exceptions: number[] } | null {
  const n = values.length;
  const needing = new Uint32Array(MAX_DECIMALS + 1);
  // A value on no grid is an exception at every k: past a quarter of them, stop (the same
  // answer, sooner; 17-digit blocks such as the lowered-support strain files end here).
  let onNone = 0;
  let hint = 0;
  for (let i = 0; i < n; i += 1) {
    const x = values[i] as number;
    const k = fewestDecimals(x, hint);
    if (k <= MAX_DECIMALS) {
      needing[k] = (needing[k] as number) + 1;
      hint = k;
    } else {
      onNone += 1;
      if (4 * onNone > n) return null;
    }
  }
  let k = 0;
  for (let covered = needing[0] as number; 4 * covered < 3 * n; covered += needing[k] as number) {
    k += 1;
    if (k > MAX_DECIMALS) return null;
  }
  const power = POWERS_OF_TEN[k] as number;
  const integers = new Float64Array(n);
  const exceptions: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const x = values[i] as number;
    const m = Math.round(x * power);
    const inRange = Math.abs(m) < MAX_PACKED_INTEGER;
    if (!inRange || m / power !== x || Object.is(x, -0)) {
      exceptions.push(i);
      if (4 * exceptions.length > n) return null;
    }
    // NaN rounds to NaN: the previous integer stands in for it too.
    integers[i] = inRange ? (m === 0 ? 0 : m) : i === 0 ? 0 : (integers[i - 1] as number);
  }
  return { k, integers, exceptions };
}

export const fromDecimalGrid = (integers: Float64Array, k: number): Float64Array<ArrayBuffer> => {
  if (k > MAX_DECIMALS) throw new RangeError('decimals out of range');
  const power = POWERS_OF_TEN[k] as number;
  return integers.map((n) => n / power);
};

const bits = new DataView(new ArrayBuffer(8));
/** The header keeps k in one byte. */
export const MAX_BINARY_DIGITS = 255;

/** Binary digits after the point of a finite non-zero double (negative for large integers). */
function fractionBits(x: number): number {
  bits.setFloat64(0, x);
  const high = bits.getUint32(0);
  const low = bits.getUint32(4);
  const exponent = (high >>> 20) & 0x7ff;
  if (exponent === 0 || exponent === 0x7ff) return Infinity; // subnormal, infinite or NaN
  const mantissaHigh = high & 0xfffff;
  const trailing =
    low !== 0
      ? 31 - Math.clz32(low & -low)
      : mantissaHigh !== 0
        ? 32 + 31 - Math.clz32(mantissaHigh & -mantissaHigh)
        : 52;
  return 52 - trailing - (exponent - 1023);
}

/** The fewest binary digits k such that every value times 2^k is an integer below 2^50. */
export function binaryGrid(values: Float64Array): { k: number; integers: Float64Array } | null {
  let k = 0;
  for (let i = 0; i < values.length; i += 1) {
    const x = values[i] as number;
    if (x === 0) {
      if (Object.is(x, -0)) return null;
      continue;
    }
    const needed = fractionBits(x);
    if (needed > k) k = needed;
    // Doubles with full mantissas fail here at their first value, not after a whole pass.
    if (k > MAX_BINARY_DIGITS || Math.abs(x) * 2 ** k >= MAX_PACKED_INTEGER) return null;
  }
  if (k > MAX_BINARY_DIGITS) return null;
  const scale = 2 ** k;
  const integers = new Float64Array(values.length);
  for (let i = 0; i < values.length; i += 1) {
    const n = (values[i] as number) * scale;
    if (!(Math.abs(n) < MAX_PACKED_INTEGER)) return null;
    integers[i] = n;
  }
  return { k, integers };
}

export const fromBinaryGrid = (integers: Float64Array, k: number): Float64Array<ArrayBuffer> => {
  if (k > MAX_BINARY_DIGITS) throw new RangeError('binary digits out of range');
  const scale = 2 ** -k;
  return integers.map((n) => n * scale);
};

/**
 * A declared step: a whole number of steps per unit (0.01, 0.5, 0.00001) divides, so 0.07 reads
 * back as the double 0.07, not 7 * 0.01 = 0.07000000000000001; another step multiplies.
 */
function stepArithmetic(step: number): { perUnit: number } | { step: number } {
  const perUnit = Math.round(1 / step);
  return perUnit >= 1 && 1 / perUnit === step ? { perUnit } : { step };
}

/** The values as whole steps; null when one is too far from 0 for the packing. */
export function resolutionGrid(values: Float64Array, step: number): Float64Array | null {
  const arithmetic = stepArithmetic(step);
  const integers = new Float64Array(values.length);
  for (let i = 0; i < values.length; i += 1) {
    const x = values[i] as number;
    const n = 'perUnit' in arithmetic ? Math.round(x * arithmetic.perUnit) : Math.round(x / step);
    if (!(Math.abs(n) < MAX_PACKED_INTEGER)) return null;
    integers[i] = n === 0 ? 0 : n; // -0 is no whole step
  }
  return integers;
}

/**
 * As `resolutionGrid`, but a value too far from 0 for the grid (a logger's overrange marker,
 * 1e38) becomes an exception kept exactly beside the run (decision 075), which holds the whole
 * step before it there; null when every value is one.
 */
export function resolutionGridPatched(
  values: Float64Array,
  step: number,
): { integers: Float64Array; exceptions: number[] } | null {
  const arithmetic = stepArithmetic(step);
  const integers = new Float64Array(values.length);
  const exceptions: number[] = [];
  for (let i = 0; i < values.length; i += 1) {
    const x = values[i] as number;
    const n = 'perUnit' in arithmetic ? Math.round(x * arithmetic.perUnit) : Math.round(x / step);
    if (Math.abs(n) < MAX_PACKED_INTEGER) integers[i] = n === 0 ? 0 : n;
    else {
      exceptions.push(i);
      integers[i] = i === 0 ? 0 : (integers[i - 1] as number);
    }
  }
  return exceptions.length === values.length ? null : { integers, exceptions };
}

export function fromResolutionGrid(
  integers: Float64Array,
  step: number,
): Float64Array<ArrayBuffer> {
  const arithmetic = stepArithmetic(step);
  return 'perUnit' in arithmetic
    ? integers.map((n) => n / arithmetic.perUnit)
    : integers.map((n) => n * step);
}

/**
 * Float32 readings widened to doubles (many loggers write float32: the Munich strain gauges'
 * -145.37646484375) as their bit patterns, ordered as the values are (negatives mirrored below
 * 0, -0 at -1), so neighbouring readings are neighbouring integers: the delta of their raw
 * patterns. Null when a value is no float32.
 */
export function float32Grid(values: Float64Array): Float64Array<ArrayBuffer> | null {
  const floats = new Float32Array(values.length);
  for (let i = 0; i < values.length; i += 1) {
    const x = values[i] as number;
    floats[i] = x;
    // NaN is not equal to itself, so no NaN passes (its payload would not survive).
    if (floats[i] !== x) return null;
  }
  return orderedPatterns(floats);
}

/** Float32 bit patterns as ordered integers (negatives mirrored below 0, -0 at -1). */
export function orderedPatterns(floats: Float32Array): Float64Array<ArrayBuffer> {
  const patterns = new Uint32Array(floats.buffer, floats.byteOffset, floats.length);
  const integers = new Float64Array(floats.length);
  for (let i = 0; i < floats.length; i += 1) {
    const pattern = patterns[i] as number;
    integers[i] = pattern >= 0x80000000 ? -(pattern - 0x80000000) - 1 : pattern;
  }
  return integers;
}

/** The float32s of ordered integers; RangeError for an integer that is no 32-bit pattern. */
export function floatsOfPatterns(integers: Float64Array): Float32Array<ArrayBuffer> {
  const patterns = new Uint32Array(integers.length);
  for (let i = 0; i < integers.length; i += 1) {
    const n = integers[i] as number;
    if (!(n >= -0x80000000 && n < 0x80000000)) throw new RangeError('not a float32 pattern');
    patterns[i] = n < 0 ? -n - 1 + 0x80000000 : n;
  }
  return new Float32Array(patterns.buffer);
}

export function fromFloat32Grid(integers: Float64Array): Float64Array<ArrayBuffer> {
  return Float64Array.from(floatsOfPatterns(integers));
}
