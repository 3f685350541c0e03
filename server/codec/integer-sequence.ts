/**
 * A sequence of integers (a block's values on a grid) as few bits as it allows: the raw
 * integers, their differences or their second differences (whichever packs smallest; a smooth
 * signal's second differences are small, a noisy one's first or none), divided by their common
 * divisor (a logger's step in the units of the grid), then in groups of 64, each group as its
 * least value and every value's offset from it in just as many bits as the group's range needs.
 * This is frame-of-reference bit packing (Lemire & Boytsov 2015, "Decoding billions of integers
 * per second through vectorization") over the delta and delta-of-delta transforms of Gorilla
 * (Pelkonen et al., VLDB 2015) and ClickHouse's Delta/DoubleDelta codecs. A spike widens only
 * its own group.
 *
 * Or, where it is smaller (decision 075, amended 2026-12-01), the same residuals Rice-coded
 * (Rice 1979; as FLAC and Shorten code their residuals): per group of 64 a parameter k, then
 * each zig-zagged residual as its quotient by 2^k in unary and its k low bits; a quotient of
 * `RICE_ESCAPE` or more is written as that many ones and the residual in full. A noise-like
 * signal (the demo's accelerometers) spreads its residuals as a bell, and a fixed width per
 * group pays for the group's widest; Rice pays about the entropy. Marked by order field 3,
 * which the decoders before it refuse as damage.
 */
import { type BitReader, type BitWriter, DamagedBlockError } from './bit-stream.ts';

/** Integers are below this in magnitude, so second differences and their ranges stay exact. */
export const MAX_PACKED_INTEGER = 2 ** 50;
const GROUP = 64;
const WIDTH_BITS = 6;
const MAX_WIDTH = 53;
/** Order field 3: Rice-coded residuals, the real order in the next 2 bits. */
const RICE = 3;
/** A quotient this large is written as its escape and the residual in full (a spike). */
const RICE_ESCAPE = 32;
const K_BITS = 6;
/** Rice's order 3: a linear predictor of `LPC_ORDERS` taps in fixed point, 2^-LPC_SHIFT. */
const LPC = 3;
const LPC_ORDERS = [4] as const;
const LPC_MAX_ORDER = 4;
const LPC_SHIFT = 12;
const LPC_SCALE = 2 ** LPC_SHIFT;
/** Coefficients and values below these keep every prediction's sum an exact double (< 2^50). */
const LPC_MAX_COEFFICIENT = 2 ** 16;
const LPC_MAX_VALUE = 2 ** 30;

const zigzag = (v: number) => (v >= 0 ? 2 * v : -2 * v - 1);
const unzigzag = (z: number) => (z % 2 === 0 ? z / 2 : -(z + 1) / 2);
const widthOf = (v: number) =>
  v === 0 ? 0 : v < 2 ** 32 ? 32 - Math.clz32(v) : 64 - Math.clz32(Math.floor(v / 2 ** 32));

function gcd(a: number, b: number): number {
  while (b !== 0) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/** The order-th differences of `values` from index `order` on (orders 0 to 2). */
function residualsOf(values: Float64Array, order: number): Float64Array<ArrayBuffer> {
  const out = new Float64Array(values.length - order);
  if (order === 0) out.set(values);
  else if (order === 1) {
    for (let i = 1; i < values.length; i += 1)
      out[i - 1] = (values[i] as number) - (values[i - 1] as number);
  } else {
    for (let i = 2; i < values.length; i += 1) {
      out[i - 2] =
        (values[i] as number) - 2 * (values[i - 1] as number) + (values[i - 2] as number);
    }
  }
  return out;
}

/** Divides the residuals by their common divisor in place; returns it (1 when all are 0). */
function divideByCommonDivisor(residuals: Float64Array): number {
  let divisor = 0;
  for (let i = 0; i < residuals.length && divisor !== 1; i += 1) {
    divisor = gcd(Math.abs(residuals[i] as number), divisor);
  }
  if (divisor <= 1) return 1;
  for (let i = 0; i < residuals.length; i += 1) residuals[i] = (residuals[i] as number) / divisor;
  return divisor;
}

/** Each group's least and greatest residual, interleaved: [min0, max0, min1, max1, ...]. */
function groupRanges(residuals: Float64Array): Float64Array {
  const ranges = new Float64Array(2 * Math.ceil(residuals.length / GROUP));
  for (let start = 0, g = 0; start < residuals.length; start += GROUP, g += 2) {
    const end = Math.min(residuals.length, start + GROUP);
    let min = Infinity;
    let max = -Infinity;
    for (let i = start; i < end; i += 1) {
      const r = residuals[i] as number;
      if (r < min) min = r;
      if (r > max) max = r;
    }
    ranges[g] = min;
    ranges[g + 1] = max;
  }
  return ranges;
}

/**
 * The bits of the grouped packing of the order-th residuals, in one pass without storing them
 * (decision 075, amended 2026-12-01 (c)): the same residuals, ranges and sum. One loop per order
 * (amended 2026-12-02): the order is no longer tested per value.
 */
function packedBitsOfOrder(values: Float64Array, order: number): number {
  const count = values.length - order;
  let bits = 0;
  for (let start = 0; start < count; start += GROUP) {
    const end = Math.min(count, start + GROUP);
    let min = Infinity;
    let max = -Infinity;
    if (order === 0) {
      for (let i = start; i < end; i += 1) {
        const r = values[i] as number;
        if (r < min) min = r;
        if (r > max) max = r;
      }
    } else if (order === 1) {
      for (let i = start + 1; i < end + 1; i += 1) {
        const r = (values[i] as number) - (values[i - 1] as number);
        if (r < min) min = r;
        if (r > max) max = r;
      }
    } else {
      for (let i = start + 2; i < end + 2; i += 1) {
        const r = (values[i] as number) - 2 * (values[i - 1] as number) + (values[i - 2] as number);
        if (r < min) min = r;
        if (r > max) max = r;
      }
    }
    bits += 2 * WIDTH_BITS + widthOf(zigzag(min)) + widthOf(max - min) * (end - start);
  }
  return bits;
}

const TWO_31 = 2 ** 31;
/** Bits a residual takes Rice-coded with quotient q and parameter k. */
const riceBits = (v: number, q: number, k: number) =>
  q < RICE_ESCAPE ? q + 1 + k : RICE_ESCAPE + WIDTH_BITS + widthOf(v);

/**
 * Each group's best k and the bits in all: k near log2 of the group's mean, and one below and
 * one above, counted in one pass (the quotients by 2^(k+1) and 2^(k+2) are the first one's
 * halved and quartered, rounded down).
 */
function riceParameters(z: Float64Array): { ks: Uint8Array; bits: number } {
  const ks = new Uint8Array(Math.ceil(z.length / GROUP));
  let bits = 0;
  for (let start = 0, g = 0; start < z.length; start += GROUP, g += 1) {
    const end = Math.min(z.length, start + GROUP);
    let sum = 0;
    let max = 0;
    for (let i = start; i < end; i += 1) {
      const v = z[i] as number;
      sum += v;
      if (v > max) max = v;
    }
    const mean = sum / (end - start);
    const guess = mean < 2 ? 0 : Math.min(MAX_WIDTH - 2, Math.floor(Math.log2(mean * Math.LN2)));
    const k0 = Math.max(0, guess - 1);
    let b0 = 0;
    let b1 = 0;
    let b2 = 0;
    // Counted as riceBits would, in integer arithmetic where it is exact. Most groups have no
    // quotient near the escape: their bits are the quotients' sums and a fixed part.
    if (k0 <= 30 && max < TWO_31 && max >>> k0 < RICE_ESCAPE) {
      for (let i = start; i < end; i += 1) {
        const q = (z[i] as number) >>> k0;
        b0 += q;
        b1 += q >>> 1;
        b2 += q >>> 2;
      }
      const members = end - start;
      b0 += members * (1 + k0);
      b1 += members * (2 + k0);
      b2 += members * (3 + k0);
    } else {
      const scale = 2 ** k0;
      for (let i = start; i < end; i += 1) {
        const v = z[i] as number;
        const q = Math.floor(v / scale);
        b0 += riceBits(v, q, k0);
        b1 += riceBits(v, Math.floor(q / 2), k0 + 1);
        b2 += riceBits(v, Math.floor(q / 4), k0 + 2);
      }
    }
    const best = Math.min(b0, b1, b2);
    ks[g] = best === b0 ? k0 : best === b1 ? k0 + 1 : k0 + 2;
    bits += K_BITS + best;
  }
  return { ks, bits };
}

export function writeVarWidth(writer: BitWriter, value: number): void {
  const width = widthOf(value);
  writer.write(width, WIDTH_BITS);
  writer.writeWide(value, width);
}

export function readVarWidth(reader: BitReader): number {
  const width = reader.read(WIDTH_BITS);
  if (width > MAX_WIDTH) throw new DamagedBlockError('field wider than 53 bits');
  return reader.readWide(width);
}

/** Writes integers below MAX_PACKED_INTEGER in magnitude. */
export function writeIntegers(writer: BitWriter, values: Float64Array): void {
  // The order is chosen before dividing: a common divisor divides every order alike, and the
  // divisor's Euclid steps (double remainders) are the costly part, so they run once.
  let rice: {
    order: number;
    residuals: Float64Array;
    z: Float64Array;
    ks: Uint8Array;
    bits: number;
  } | null = null;
  // Each order's bits are counted without storing its residuals; only the best is built.
  let bestOrder = 0;
  let bestBits = Infinity;
  for (let order = 0; order <= Math.min(2, values.length); order += 1) {
    const bits = packedBitsOfOrder(values, order);
    if (bits < bestBits) {
      bestOrder = order;
      bestBits = bits;
    }
  }
  const bestResiduals = residualsOf(values, bestOrder);
  const best = {
    order: bestOrder,
    residuals: bestResiduals,
    ranges: groupRanges(bestResiduals),
    bits: bestBits,
  };
  // Rice is estimated for the order the grouped packing found best, before the divisor too (a
  // divisor scales both codings alike).
  if (best.residuals.length >= GROUP) {
    const z = zigzagged(best.residuals);
    const { ks, bits } = riceParameters(z);
    rice = { order: best.order, residuals: best.residuals, z, ks, bits };
  }
  const lpc = lpcCandidate(values);
  if (lpc !== null && lpc.bits < best.bits && (rice === null || lpc.bits < rice.bits + 2)) {
    writeLpc(writer, values, lpc);
    return;
  }
  if (rice !== null && rice.bits + 2 < best.bits) {
    writeRice(writer, values, rice);
    return;
  }
  const { order, residuals, ranges } = best;
  // A positive divisor divides each group's least and greatest value exactly as its members.
  const divisor = divideByCommonDivisor(residuals);
  writer.write(order, 2);
  for (let i = 0; i < order; i += 1) writeVarWidth(writer, zigzag(values[i] as number));
  writeVarWidth(writer, divisor);
  for (let start = 0, g = 0; start < residuals.length; start += GROUP, g += 2) {
    const end = Math.min(residuals.length, start + GROUP);
    const min = (ranges[g] as number) / divisor;
    const width = widthOf((ranges[g + 1] as number) / divisor - min);
    writeVarWidth(writer, zigzag(min));
    writer.write(width, WIDTH_BITS);
    if (width <= 32) {
      for (let i = start; i < end; i += 1)
        writer.write(((residuals[i] as number) - min) >>> 0, width);
    } else {
      for (let i = start; i < end; i += 1) writer.writeWide((residuals[i] as number) - min, width);
    }
  }
}

function zigzagged(residuals: Float64Array): Float64Array {
  const z = new Float64Array(residuals.length);
  for (let i = 0; i < residuals.length; i += 1) z[i] = zigzag(residuals[i] as number);
  return z;
}

/** Order field 3, the order, the first values, the divisor, then each group's k and members. */
function writeRice(
  writer: BitWriter,
  values: Float64Array,
  estimate: { order: number; residuals: Float64Array; z: Float64Array; ks: Uint8Array },
): void {
  const { order, residuals } = estimate;
  const divided = Float64Array.from(residuals);
  const divisor = divideByCommonDivisor(divided);
  // Divided by 1 the residuals are those estimated: their zig-zags and parameters are reused.
  const z = divisor === 1 ? estimate.z : zigzagged(divided);
  const ks = divisor === 1 ? estimate.ks : riceParameters(z).ks;
  writer.write(RICE, 2);
  writer.write(order, 2);
  for (let i = 0; i < order; i += 1) writeVarWidth(writer, zigzag(values[i] as number));
  writeVarWidth(writer, divisor);
  writeRiceGroups(writer, z, ks);
}

/** A predictor's coefficients, its zig-zagged residuals with their Rice parameters, its bits. */
interface LpcCandidate {
  coefficients: number[];
  z: Float64Array;
  ks: Uint8Array;
  bits: number;
}

/**
 * The block's linear predictor (Levinson-Durbin on its autocorrelation; Makhoul 1975, as FLAC
 * finds its own), of whichever order in `LPC_ORDERS` codes smallest, with its residuals and bits
 * (its header included); null where the block is too short or its values too large to predict
 * in exact integer arithmetic. A vibration's modes are what such a predictor removes.
 */
function lpcCandidate(values: Float64Array): LpcCandidate | null {
  const n = values.length;
  if (n < 2 * GROUP) return null;
  // The autocorrelation at lags 0 to 4 in one pass (amended 2026-12-02), each sum taking its
  // products in the order the five passes did, so the same doubles.
  let r0 = 0;
  let r1 = 0;
  let r2 = 0;
  let r3 = 0;
  let r4 = 0;
  for (let i = 0; i < n; i += 1) {
    const v = values[i] as number;
    if (Math.abs(v) >= LPC_MAX_VALUE) return null;
    r0 += v * v;
    if (i >= 1) r1 += v * (values[i - 1] as number);
    if (i >= 2) r2 += v * (values[i - 2] as number);
    if (i >= 3) r3 += v * (values[i - 3] as number);
    if (i >= 4) r4 += v * (values[i - 4] as number);
  }
  const r = Float64Array.of(r0, r1, r2, r3, r4);
  if (!((r[0] as number) > 0)) return null;
  let best: LpcCandidate | null = null;
  // Levinson-Durbin: a[1..m] predicts x[i] as the sum of a[j] x[i - j].
  let a = new Float64Array(LPC_MAX_ORDER + 1);
  let error = r[0] as number;
  for (let m = 1; m <= LPC_MAX_ORDER; m += 1) {
    let acc = r[m] as number;
    for (let j = 1; j < m; j += 1) acc -= (a[j] as number) * (r[m - j] as number);
    if (!(error > 0)) break;
    const k = acc / error;
    const next = Float64Array.from(a);
    next[m] = k;
    for (let j = 1; j < m; j += 1) next[j] = (a[j] as number) - k * (a[m - j] as number);
    a = next;
    error *= 1 - k * k;
    if (!(LPC_ORDERS as readonly number[]).includes(m)) continue;
    const coefficients: number[] = [];
    for (let j = 1; j <= m; j += 1)
      coefficients.push(Math.round((a[j] as number) * 2 ** LPC_SHIFT));
    if (coefficients.some((c) => !(Math.abs(c) < LPC_MAX_COEFFICIENT))) continue;
    const z = lpcZigzags(values, coefficients);
    const rice = riceParameters(z);
    let bits = 4;
    for (const c of coefficients) bits += WIDTH_BITS + widthOf(zigzag(c));
    for (let i = 0; i < m; i += 1) bits += WIDTH_BITS + widthOf(zigzag(values[i] as number));
    bits += 4 + rice.bits;
    if (best === null || bits < best.bits) best = { coefficients, z, ks: rice.ks, bits };
  }
  return best;
}

/** The prediction of values[i] from the `coefficients.length` values before it (exact). */
function lpcPrediction(values: Float64Array, i: number, coefficients: readonly number[]): number {
  let sum = 0;
  for (let j = 0; j < coefficients.length; j += 1) {
    sum += (coefficients[j] as number) * (values[i - 1 - j] as number);
  }
  return Math.floor(sum / LPC_SCALE);
}

/** The predictor's residuals, zig-zagged as they are computed (one array, one pass). */
function lpcZigzags(values: Float64Array, coefficients: readonly number[]): Float64Array {
  const order = coefficients.length;
  const z = new Float64Array(values.length - order);
  if (order !== 4) {
    for (let i = order; i < values.length; i += 1) {
      z[i - order] = zigzag((values[i] as number) - lpcPrediction(values, i, coefficients));
    }
    return z;
  }
  // The 4 taps unrolled, summed in lpcPrediction's order (each product and sum exact anyway).
  const [c0, c1, c2, c3] = coefficients as [number, number, number, number];
  for (let i = 4; i < values.length; i += 1) {
    const sum =
      c0 * (values[i - 1] as number) +
      c1 * (values[i - 2] as number) +
      c2 * (values[i - 3] as number) +
      c3 * (values[i - 4] as number);
    z[i - 4] = zigzag((values[i] as number) - Math.floor(sum / LPC_SCALE));
  }
  return z;
}

/** Order field 3, sub-order 3: the taps, their coefficients, the first values, the residuals. */
function writeLpc(writer: BitWriter, values: Float64Array, lpc: LpcCandidate): void {
  const { coefficients } = lpc;
  writer.write(RICE, 2);
  writer.write(LPC, 2);
  writer.write(coefficients.length, 4);
  for (const c of coefficients) writeVarWidth(writer, zigzag(c));
  for (let i = 0; i < coefficients.length; i += 1) {
    writeVarWidth(writer, zigzag(values[i] as number));
  }
  writeRiceGroups(writer, lpc.z, lpc.ks);
}

function writeRiceGroups(writer: BitWriter, z: Float64Array, ks: Uint8Array): void {
  for (let start = 0, g = 0; start < z.length; start += GROUP, g += 1) {
    const end = Math.min(z.length, start + GROUP);
    const k = ks[g] as number;
    const scale = 2 ** k;
    writer.write(k, K_BITS);
    for (let i = start; i < end; i += 1) {
      const v = z[i] as number;
      const q = Math.floor(v / scale);
      if (q < RICE_ESCAPE) {
        // q ones then a zero, least significant bit first: (2^q - 1) in q + 1 bits.
        writer.write(((1 << q) - 1) >>> 0, q + 1);
        writer.writeWide(v - q * scale, k);
      } else {
        writer.write(0xffffffff, RICE_ESCAPE);
        writeVarWidth(writer, v);
      }
    }
  }
}

/**
 * Reads Rice groups of zig-zagged residuals for positions [from, count) into `out`, unzigzagged
 * (decision 075, amended 2026-12-01 (c): a 32-bit window per value, no callback per value).
 */
function readRiceGroups(reader: BitReader, from: number, count: number, out: Float64Array): void {
  for (let start = from; start < count; start += GROUP) {
    const end = Math.min(count, start + GROUP);
    const k = reader.read(K_BITS);
    if (k > MAX_WIDTH) throw new DamagedBlockError('Rice parameter wider than 53 bits');
    const scale = 2 ** k;
    for (let i = start; i < end; i += 1) {
      let z = reader.readRice(k, scale, RICE_ESCAPE);
      if (z < 0) z = readVarWidth(reader);
      if (z < TWO_31) out[i] = (z >>> 1) ^ -(z & 1);
      else if (z > 2 ** 53) throw new DamagedBlockError('Rice residual past 2^53');
      else out[i] = unzigzag(z);
    }
  }
}

function readLpc(reader: BitReader, count: number, values: Float64Array): void {
  const order = reader.read(4);
  if (order < 1 || order > LPC_MAX_ORDER || order > count) {
    throw new DamagedBlockError('predictor order out of range');
  }
  const coefficients: number[] = [];
  for (let j = 0; j < order; j += 1) {
    const c = unzigzag(readVarWidth(reader));
    if (!(Math.abs(c) < LPC_MAX_COEFFICIENT)) throw new DamagedBlockError('coefficient too large');
    coefficients.push(c);
  }
  const tooLarge = () => new DamagedBlockError('predicted value too large');
  for (let i = 0; i < order; i += 1) {
    const v = unzigzag(readVarWidth(reader));
    if (!(Math.abs(v) < LPC_MAX_VALUE)) throw tooLarge();
    values[i] = v;
  }
  // The residuals first, in place, then each value from its residual and the values before it.
  readRiceGroups(reader, order, count, values);
  if (order === 4) {
    // lpcPrediction unrolled, summed in its order (each product and sum exact anyway).
    const [c0, c1, c2, c3] = coefficients as [number, number, number, number];
    for (let i = 4; i < count; i += 1) {
      const sum =
        c0 * (values[i - 1] as number) +
        c1 * (values[i - 2] as number) +
        c2 * (values[i - 3] as number) +
        c3 * (values[i - 4] as number);
      const v = (values[i] as number) + Math.floor(sum / LPC_SCALE);
      if (!(Math.abs(v) < LPC_MAX_VALUE)) throw tooLarge();
      values[i] = v;
    }
    return;
  }
  for (let i = order; i < count; i += 1) {
    const v = (values[i] as number) + lpcPrediction(values, i, coefficients);
    if (!(Math.abs(v) < LPC_MAX_VALUE)) throw tooLarge();
    values[i] = v;
  }
}

/** The residual coded after `readIntegers` read the order field 3. */
function readRice(reader: BitReader, count: number, values: Float64Array): void {
  const order = reader.read(2);
  if (order === LPC) return readLpc(reader, count, values);
  if (order > count) throw new DamagedBlockError('unknown difference order');
  for (let i = 0; i < order; i += 1) values[i] = unzigzag(readVarWidth(reader));
  const divisor = readVarWidth(reader);
  if (divisor === 0) throw new DamagedBlockError('common divisor 0');
  readRiceGroups(reader, order, count, values);
  if (order === 0) {
    if (divisor !== 1)
      for (let i = 0; i < count; i += 1) values[i] = (values[i] as number) * divisor;
  } else if (order === 1) {
    for (let i = 1; i < count; i += 1) {
      values[i] = (values[i] as number) * divisor + (values[i - 1] as number);
    }
  } else {
    for (let i = 2; i < count; i += 1) {
      values[i] =
        (values[i] as number) * divisor + 2 * (values[i - 1] as number) - (values[i - 2] as number);
    }
  }
}

/** values[i] from its residual of the given difference order and the values before it. */
function undifferenced(values: Float64Array, i: number, order: number, residual: number): number {
  return order === 0
    ? residual
    : order === 1
      ? residual + (values[i - 1] as number)
      : residual + 2 * (values[i - 1] as number) - (values[i - 2] as number);
}

/** Reads `count` integers written by `writeIntegers`. */
export function readIntegers(reader: BitReader, count: number): Float64Array<ArrayBuffer> {
  const values = new Float64Array(count);
  const order = reader.read(2);
  if (order === RICE) {
    readRice(reader, count, values);
    return values;
  }
  if (order > 2 || order > count) throw new DamagedBlockError('unknown difference order');
  for (let i = 0; i < order; i += 1) values[i] = unzigzag(readVarWidth(reader));
  const divisor = readVarWidth(reader);
  if (divisor === 0) throw new DamagedBlockError('common divisor 0');
  for (let start = order; start < count; start += GROUP) {
    const end = Math.min(count, start + GROUP);
    const min = unzigzag(readVarWidth(reader));
    const width = reader.read(WIDTH_BITS);
    if (width > MAX_WIDTH) throw new DamagedBlockError('group wider than 53 bits');
    for (let i = start; i < end; i += 1) {
      const residual =
        (min + (width <= 32 ? reader.read(width) : reader.readWide(width))) * divisor;
      values[i] = undifferenced(values, i, order, residual);
    }
  }
  return values;
}
