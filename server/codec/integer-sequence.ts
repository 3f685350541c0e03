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
 */
import { type BitReader, type BitWriter, DamagedBlockError } from './bit-stream.ts';

/** Integers are below this in magnitude, so second differences and their ranges stay exact. */
export const MAX_PACKED_INTEGER = 2 ** 50;
const GROUP = 64;
const WIDTH_BITS = 6;
const MAX_WIDTH = 53;

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

/** Bits the grouped packing of `count` residuals with these group ranges takes. */
function packedBits(ranges: Float64Array, count: number): number {
  let bits = 0;
  for (let g = 0; g < ranges.length; g += 2) {
    const members = Math.min(GROUP, count - (g / 2) * GROUP);
    const min = ranges[g] as number;
    bits +=
      2 * WIDTH_BITS + widthOf(zigzag(min)) + widthOf((ranges[g + 1] as number) - min) * members;
  }
  return bits;
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
  let best: { order: number; residuals: Float64Array; ranges: Float64Array; bits: number } | null =
    null;
  for (let order = 0; order <= Math.min(2, values.length); order += 1) {
    const residuals = residualsOf(values, order);
    const ranges = groupRanges(residuals);
    const bits = packedBits(ranges, residuals.length);
    if (best === null || bits < best.bits) best = { order, residuals, ranges, bits };
  }
  if (best === null) throw new Error('unreachable: order 0 is always tried');
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

/** Reads `count` integers written by `writeIntegers`. */
export function readIntegers(reader: BitReader, count: number): Float64Array<ArrayBuffer> {
  const values = new Float64Array(count);
  const order = reader.read(2);
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
      values[i] =
        order === 0
          ? residual
          : order === 1
            ? residual + (values[i - 1] as number)
            : residual + 2 * (values[i - 1] as number) - (values[i - 2] as number);
    }
  }
  return values;
}
