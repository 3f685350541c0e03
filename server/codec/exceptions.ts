/**
 * The exceptions of a patched block (codec 8, decision 075): a block whose values mostly lie on
 * one grid is packed on it, and the few that do not (a float32 tie the logger printed the other
 * way, an out-of-range marker, a value far from the step's grid) are kept beside the main run as
 * their positions and each value XORed with what the main run decodes to there. The encoder
 * puts the nearest grid point in the main run at an exception's position, so the XOR of a
 * near-miss is a few low bits and the run's differences stay small; any double (-0, subnormals,
 * 1e308) still comes back bit for bit. This is the patching of PFOR (Zukowski et al., "Super-
 * scalar RAM-CPU cache compression", ICDE 2006) and ALP's exceptions (Afroozeh & Boncz 2024),
 * applied to values instead of bit widths.
 */
import { type BitReader, type BitWriter, DamagedBlockError } from './bit-stream.ts';
import { readVarWidth, writeVarWidth } from './integer-sequence.ts';

const XOR_WIDTH_BITS = 7; // 0 to 64
const scratch = new DataView(new ArrayBuffer(8));
/** Where a double's high word lies in a Float64Array's bytes (the platform's order). */
const HIGH_WORD_AT = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1 ? 4 : 0;

const widthOf32 = (v: number) => 32 - Math.clz32(v);

/** Writes the exceptions at ascending `positions`: each value XORed with the main run's there. */
export function writeExceptions(
  writer: BitWriter,
  positions: readonly number[],
  values: Float64Array,
  mainValueAt: (position: number) => number,
): void {
  writeVarWidth(writer, positions.length);
  let widest = 0;
  positions.forEach((p, i) => {
    widest = Math.max(widest, widthOf32(p - (i === 0 ? 0 : (positions[i - 1] as number))));
  });
  writer.write(widest, 5);
  positions.forEach((position, i) => {
    writer.write(position - (i === 0 ? 0 : (positions[i - 1] as number)), widest);
    scratch.setFloat64(0, values[position] as number);
    const high = scratch.getUint32(0);
    const low = scratch.getUint32(4);
    scratch.setFloat64(0, mainValueAt(position));
    const xorHigh = (high ^ scratch.getUint32(0)) >>> 0;
    const xorLow = (low ^ scratch.getUint32(4)) >>> 0;
    const width = xorHigh !== 0 ? 32 + widthOf32(xorHigh) : widthOf32(xorLow);
    writer.write(width, XOR_WIDTH_BITS);
    if (width <= 32) writer.write(xorLow, width);
    else {
      writer.write(xorLow, 32);
      writer.write(xorHigh, width - 32);
    }
  });
}

export interface Exceptions {
  positions: Uint32Array;
  /** Each exception's XOR with the main run's value, as its high and low 32 bits. */
  xors: Uint32Array;
}

/** Reads what `writeExceptions` wrote for a block of `count` values. */
export function readExceptions(reader: BitReader, count: number): Exceptions {
  const n = readVarWidth(reader);
  if (n > count) throw new DamagedBlockError('more exceptions than samples');
  const gapWidth = reader.read(5);
  const positions = new Uint32Array(n);
  const xors = new Uint32Array(2 * n);
  let position = -1;
  for (let i = 0; i < n; i += 1) {
    const gap = reader.read(gapWidth);
    if (i > 0 && gap === 0) throw new DamagedBlockError('exception positions not ascending');
    position = i === 0 ? gap : position + gap;
    if (position >= count) throw new DamagedBlockError('exception past the last sample');
    positions[i] = position;
    const width = reader.read(XOR_WIDTH_BITS);
    if (width > 64) throw new DamagedBlockError('exception wider than 64 bits');
    xors[2 * i + 1] = width <= 32 ? reader.read(width) : reader.read(32);
    xors[2 * i] = width <= 32 ? 0 : reader.read(width - 32);
  }
  return { positions, xors };
}

/** Applies the exceptions to the main run's values in place, on their bytes (no NaN is made). */
export function patch(values: Float64Array, { positions, xors }: Exceptions): void {
  const view = new DataView(values.buffer, values.byteOffset, values.byteLength);
  positions.forEach((position, i) => {
    const high = position * 8 + HIGH_WORD_AT;
    const low = position * 8 + 4 - HIGH_WORD_AT;
    const little = HIGH_WORD_AT === 4;
    view.setUint32(high, (view.getUint32(high, little) ^ (xors[2 * i] as number)) >>> 0, little);
    view.setUint32(low, (view.getUint32(low, little) ^ (xors[2 * i + 1] as number)) >>> 0, little);
  });
}
