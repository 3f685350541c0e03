/**
 * Doubles as Gorilla stores them (Pelkonen et al., "Gorilla: a fast, scalable, in-memory time
 * series database", VLDB 2015, section 4.1.2): each value XORed with the one before; a repeat is
 * one bit, otherwise the XOR's meaningful bits, in the previous value's window when they fit in
 * it. Bit-for-bit lossless for every double (NaN payloads, -0, subnormals, infinities included),
 * so it is the exact mode's fallback for values that are on no decimal or binary grid.
 */
import { type BitReader, type BitWriter, DamagedBlockError } from './bit-stream.ts';

const scratch = new DataView(new ArrayBuffer(8));

function leadingZeros(high: number, low: number): number {
  return high !== 0 ? Math.clz32(high) : 32 + Math.clz32(low);
}

function trailingZeros(high: number, low: number): number {
  if (low !== 0) return 31 - Math.clz32(low & -low);
  return 32 + (31 - Math.clz32(high & -high));
}

export function writeXorDoubles(writer: BitWriter, values: ArrayLike<number>): void {
  let previousHigh = 0;
  let previousLow = 0;
  let windowLeading = -1;
  let windowTrailing = 0;
  for (let i = 0; i < values.length; i += 1) {
    scratch.setFloat64(0, values[i] as number);
    const high = scratch.getUint32(0);
    const low = scratch.getUint32(4);
    if (i === 0) {
      writer.write(low, 32);
      writer.write(high, 32);
    } else {
      const xorHigh = (high ^ previousHigh) >>> 0;
      const xorLow = (low ^ previousLow) >>> 0;
      if (xorHigh === 0 && xorLow === 0) writer.write(0, 1);
      else {
        const leading = Math.min(31, leadingZeros(xorHigh, xorLow));
        const trailing = trailingZeros(xorHigh, xorLow);
        const reuse = windowLeading >= 0 && leading >= windowLeading && trailing >= windowTrailing;
        if (reuse)
          writer.write(1, 2); // control bits 1, 0
        else {
          writer.write(3, 2); // control bits 1, 1
          writer.write(leading, 5);
          writer.write(64 - leading - trailing - 1, 6);
          windowLeading = leading;
          windowTrailing = trailing;
        }
        // The XOR shifted right by the window's trailing zeros, in the window's width.
        const shift = windowTrailing;
        const bits = 64 - windowLeading - shift;
        let shiftedLow = xorLow;
        let shiftedHigh = xorHigh;
        if (shift >= 32) {
          shiftedLow = xorHigh >>> (shift - 32);
          shiftedHigh = 0;
        } else if (shift > 0) {
          shiftedLow = ((xorLow >>> shift) | (xorHigh << (32 - shift))) >>> 0;
          shiftedHigh = xorHigh >>> shift;
        }
        if (bits <= 32) writer.write(shiftedLow, bits);
        else {
          writer.write(shiftedLow, 32);
          writer.write(shiftedHigh, bits - 32);
        }
      }
    }
    previousHigh = high;
    previousLow = low;
  }
}

export function readXorDoubles(reader: BitReader, count: number): Float64Array<ArrayBuffer> {
  const values = new Float64Array(count);
  const view = new DataView(values.buffer);
  let high = 0;
  let low = 0;
  let windowLeading = 0;
  let windowTrailing = 0;
  for (let i = 0; i < count; i += 1) {
    if (i === 0) {
      low = reader.read(32);
      high = reader.read(32);
    } else if (reader.read(1) === 1) {
      if (reader.read(1) === 1) {
        windowLeading = reader.read(5);
        windowTrailing = 64 - windowLeading - (reader.read(6) + 1);
        if (windowTrailing < 0) throw new DamagedBlockError('XOR window wider than 64 bits');
      }
      const bits = 64 - windowLeading - windowTrailing;
      let xorLow = bits >= 32 ? reader.read(32) : reader.read(bits);
      let xorHigh = bits > 32 ? reader.read(bits - 32) : 0;
      const shift = windowTrailing;
      if (shift >= 32) {
        xorHigh = xorLow << (shift - 32);
        xorLow = 0;
      } else if (shift > 0) {
        xorHigh = (xorHigh << shift) | (xorLow >>> (32 - shift));
        xorLow = xorLow << shift;
      }
      high = (high ^ xorHigh) >>> 0;
      low = (low ^ xorLow) >>> 0;
    }
    view.setUint32(i * 8, high);
    view.setUint32(i * 8 + 4, low);
  }
  // The values were written big-endian into a little-endian array's bytes: read them as such.
  for (let i = 0; i < count; i += 1) values[i] = view.getFloat64(i * 8);
  return values;
}
