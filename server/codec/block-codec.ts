/**
 * A block's values as the bytes of `readings.packed`: one byte naming the codec, the sample
 * count, the codec's own header, its bit stream, and a CRC-32 of all of it. A damaged block
 * (a flipped bit on disk, a truncated copy) fails the checksum and is reported as damaged: it is
 * never decoded to other numbers.
 *
 * Exact mode (no resolution) reads back every double bit for bit. It packs the values as
 * integers on a decimal or binary grid they all lie on, or as float32 patterns when they are
 * float32 readings, or as the float32s of values a logger printed from float32 (decision 070;
 * whichever packs smallest), and otherwise XORs them as Gorilla does, or stores them plain if
 * even that is larger. A declared
 * resolution stores whole steps: every value reads back within half a step (decision 052).
 * A block whose values mostly lie on a grid is packed on it with the few others kept exactly as
 * exceptions beside the run (codec 8, `patched`, decision 075).
 */
import { crc32 } from 'node:zlib';
import { BitReader, BitWriter, DamagedBlockError } from './bit-stream.ts';
import {
  binaryGrid,
  decimalGrid,
  decimalGridPatched,
  MAX_DECIMALS,
  float32Grid,
  fromBinaryGrid,
  fromDecimalGrid,
  fromFloat32Grid,
  fromResolutionGrid,
  resolutionGrid,
  resolutionGridPatched,
} from './grids.ts';
import { readIntegers, writeIntegers } from './integer-sequence.ts';
import { readXorDoubles, writeXorDoubles } from './float-xor.ts';
import { patch, readExceptions, writeExceptions } from './exceptions.ts';
import { fromOffsetGrid, offsetGrid } from './offset-grid.ts';
import {
  fromPrintedFloat32Grid,
  printedFloat32Grid,
  printedFloat32Patched,
} from './printed-float32.ts';

export { DamagedBlockError };

export const CODECS = {
  plain: 1,
  xor: 2,
  decimal: 3,
  binary: 4,
  resolution: 5,
  float32: 6,
  printedFloat32: 7,
  patched: 8,
  offsetGrid: 9,
} as const;
export type CodecName = keyof typeof CODECS;
const NAMES = new Map<number, CodecName>(
  Object.entries(CODECS).map(([name, id]) => [id, name as CodecName]),
);

/** Samples a block may claim, far above the ingest's 10,000: a damaged count allocates no GBs. */
const MAX_COUNT = 1 << 20;
const CHECKSUM_BYTES = 4;

interface Encoded {
  codec: CodecName;
  /**
   * The codec's header: decimals, binary digits or the printing (1 byte) or the step (8); for a
   * patched block, the main run's codec and its header.
   */
  header: Uint8Array;
  /** The bit stream, or the plain doubles. */
  body: BitWriter | Float64Array;
}

function varintBytes(value: number): number[] {
  const bytes: number[] = [];
  let v = value;
  do {
    bytes.push((v & 0x7f) | (v >= 0x80 ? 0x80 : 0));
    v = Math.floor(v / 0x80);
  } while (v > 0);
  return bytes;
}

function packed(integers: Float64Array): BitWriter {
  const writer = new BitWriter(integers.length * 16);
  writeIntegers(writer, integers);
  return writer;
}

/** What the encoder may use; the bench turns codecs off for its "before" (decisions 070, 075). */
export interface ExactCodecs {
  printedFloat32?: boolean;
  patched?: boolean;
  offsetGrid?: boolean;
  decimalPatched?: boolean;
}

/**
 * A printed block with exceptions takes at least about 2 bytes a sample on the Munich records
 * (the float32 steps of a 100 Hz gauge): below 2.5 another grid is kept without trying it.
 */
const PATCHED_WORTH_BYTES = 2.5;
/** Binary digits, the coarse step's shift, the base as its 64 bits. */
const OFFSET_GRID_HEADER_BYTES = 10;

/** The main run's integers after the exceptions, so a decoder knows the run's values first. */
function patchedBody(
  integers: Float64Array,
  exceptions: number[],
  values: Float64Array,
  mainValueAt: (position: number) => number,
): BitWriter {
  const writer = new BitWriter(integers.length * 16 + exceptions.length * 80);
  writeExceptions(writer, exceptions, values, mainValueAt);
  writeIntegers(writer, integers);
  return writer;
}

function exactEncoding(values: Float64Array, codecs: ExactCodecs): Encoded {
  const decimal = decimalGrid(values);
  const binary = binaryGrid(values);
  const candidates: Encoded[] = [];
  if (decimal) {
    candidates.push({
      codec: 'decimal',
      header: Uint8Array.of(decimal.k),
      body: packed(decimal.integers),
    });
  }
  if (binary) {
    candidates.push({
      codec: 'binary',
      header: Uint8Array.of(binary.k),
      body: packed(binary.integers),
    });
  }
  const float32 = float32Grid(values);
  if (float32)
    candidates.push({ codec: 'float32', header: new Uint8Array(0), body: packed(float32) });
  // A block of float32s is packed above at the same size; printings are sought only otherwise.
  const printed = !float32 && codecs.printedFloat32 !== false ? printedFloat32Grid(values) : null;
  if (printed) {
    candidates.push({
      codec: 'printedFloat32',
      header: Uint8Array.of(printed.printing),
      body: packed(printed.integers),
    });
  }
  // With one printing failing a few values, those become exceptions (none failing: codec 7).
  // Printing every value is the costly part, so this is sought only where no grid so far packs
  // the block under PATCHED_WORTH_BYTES a sample (the short decimals of a force channel do).
  const smallest = Math.min(...candidates.map((c) => c.body.byteLength));
  const patched =
    !float32 &&
    !printed &&
    codecs.patched !== false &&
    smallest > PATCHED_WORTH_BYTES * values.length
      ? printedFloat32Patched(values)
      : null;
  if (patched && patched.exceptions.length > 0) {
    const { printing, integers, exceptions, mainValueAt } = patched;
    candidates.push({
      codec: 'patched',
      header: Uint8Array.of(CODECS.printedFloat32, printing),
      body: patchedBody(integers, exceptions, values, mainValueAt),
    });
  }
  // Most values on a decimal grid, a few printed otherwise or past 2^50 on it (decision 075,
  // amended 2026-12-01 (d)): sought where nothing above packs the block small.
  const decimalPatched =
    !decimal && codecs.decimalPatched !== false && smallest > PATCHED_WORTH_BYTES * values.length
      ? decimalGridPatched(values)
      : null;
  const decimalPatchedTried = decimalPatched !== null && decimalPatched.exceptions.length > 0;
  if (decimalPatched && decimalPatchedTried) {
    const { k, integers, exceptions } = decimalPatched;
    const mainValueAt = (position: number) =>
      fromDecimalGrid(integers.subarray(position, position + 1), k)[0] as number;
    candidates.push({
      codec: 'patched',
      header: Uint8Array.of(CODECS.decimal, k),
      body: patchedBody(integers, exceptions, values, mainValueAt),
    });
  }
  // A grid shifted by a constant (decision 075, amended 2026-12-01 (b)): sought where nothing
  // above packs the block small, as patched blocks are.
  const shifted =
    codecs.offsetGrid !== false && smallest > PATCHED_WORTH_BYTES * values.length
      ? offsetGrid(values)
      : null;
  if (shifted) {
    const header = new Uint8Array(OFFSET_GRID_HEADER_BYTES);
    header[0] = shifted.digits;
    header[1] = shifted.shift;
    new DataView(header.buffer).setFloat64(2, shifted.base, true);
    const body = new BitWriter(values.length * 24);
    writeIntegers(body, shifted.steps);
    writeIntegers(body, shifted.remainders);
    candidates.push({ codec: 'offsetGrid', header, body });
  }
  // An offset grid's two runs, or a patched decimal run, can cost more than XOR (a near-constant
  // block): they compete.
  if (candidates.length === 0 || shifted || decimalPatchedTried) {
    const writer = new BitWriter(values.length * 64);
    writeXorDoubles(writer, values);
    candidates.push(
      writer.byteLength < values.length * 8
        ? { codec: 'xor', header: new Uint8Array(0), body: writer }
        : { codec: 'plain', header: new Uint8Array(0), body: values },
    );
  }
  // The header counts: an offset grid's is 10 bytes, the others' at most 2.
  const size = (c: Encoded) => c.header.length + c.body.byteLength;
  return candidates.reduce((best, c) => (size(c) < size(best) ? c : best));
}

function resolutionEncoding(
  values: Float64Array,
  step: number,
  codecs: ExactCodecs,
): Encoded | null {
  const header = new Uint8Array(8);
  new DataView(header.buffer).setFloat64(0, step, true);
  const integers = resolutionGrid(values, step);
  if (integers !== null) return { codec: 'resolution', header, body: packed(integers) };
  // A few values too far from 0 for the grid are kept exactly; the rest stay on the grid.
  const patched = codecs.patched !== false ? resolutionGridPatched(values, step) : null;
  if (patched === null) return null;
  const onGrid = (position: number) =>
    fromResolutionGrid(patched.integers.subarray(position, position + 1), step)[0] as number;
  const body = patchedBody(patched.integers, patched.exceptions, values, onGrid);
  const exact = exactEncoding(values, codecs);
  const headerOfPatched = new Uint8Array(9);
  headerOfPatched[0] = CODECS.resolution;
  headerOfPatched.set(header, 1);
  return body.byteLength < exact.body.byteLength
    ? { codec: 'patched', header: headerOfPatched, body }
    : exact;
}

/**
 * The block's bytes. With a resolution (a step above 0), values are stored on its grid; a block
 * with a value too far from 0 for that grid is stored exactly instead.
 */
export function encodeBlock(
  values: ArrayLike<number>,
  resolution: number | null = null,
  codecs: ExactCodecs = {},
): Uint8Array<ArrayBuffer> {
  const doubles = values instanceof Float64Array ? values : Float64Array.from(values);
  const encoded =
    (resolution !== null && resolution > 0
      ? resolutionEncoding(doubles, resolution, codecs)
      : null) ?? exactEncoding(doubles, codecs);
  const count = varintBytes(doubles.length);
  const size = 1 + count.length + encoded.header.length + encoded.body.byteLength + CHECKSUM_BYTES;
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  bytes[0] = CODECS[encoded.codec];
  bytes.set(count, 1);
  let at = 1 + count.length;
  bytes.set(encoded.header, at);
  at += encoded.header.length;
  if (encoded.body instanceof BitWriter) at = encoded.body.finishInto(view, at);
  else {
    for (const value of encoded.body) {
      view.setFloat64(at, value, true);
      at += 8;
    }
  }
  view.setUint32(at, crc32(bytes.subarray(0, at)), true);
  return bytes;
}

/** The codec a block was stored with (its first byte), checked. */
export function codecOf(bytes: Uint8Array): CodecName {
  const name = NAMES.get(bytes[0] ?? 0);
  if (!name) throw new DamagedBlockError(`unknown codec ${bytes[0] ?? 'none'}`);
  return name;
}

/** The values of a block's bytes; DamagedBlockError when they are not a whole, intact block. */
export function decodeBlock(bytes: Uint8Array): Float64Array<ArrayBuffer> {
  if (bytes.length < 1 + 1 + CHECKSUM_BYTES) throw new DamagedBlockError('too short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - CHECKSUM_BYTES;
  if (crc32(bytes.subarray(0, end)) !== view.getUint32(end, true)) {
    throw new DamagedBlockError('checksum does not match');
  }
  const codec = codecOf(bytes);
  let at = 1;
  let count = 0;
  for (let scale = 1; ; scale *= 0x80) {
    const byte = bytes[at] ?? 0;
    at += 1;
    count += (byte & 0x7f) * scale;
    if (byte < 0x80) break;
    if (at >= end || scale > MAX_COUNT) throw new DamagedBlockError('bad sample count');
  }
  if (count > MAX_COUNT) throw new DamagedBlockError('bad sample count');
  if (codec === 'plain') {
    if (end - at !== count * 8) throw new DamagedBlockError('plain length does not match count');
    const values = new Float64Array(count);
    for (let i = 0; i < count; i += 1) values[i] = view.getFloat64(at + i * 8, true);
    return values;
  }
  if (codec === 'xor') return whole(view, at, end, (reader) => readXorDoubles(reader, count));
  if (codec === 'offsetGrid') {
    const headerEnd = at + OFFSET_GRID_HEADER_BYTES;
    if (headerEnd > end) throw new DamagedBlockError('header ends early');
    return whole(view, headerEnd, end, (reader) =>
      fromOffsetGrid({
        digits: view.getUint8(at),
        shift: view.getUint8(at + 1),
        base: view.getFloat64(at + 2, true),
        steps: readIntegers(reader, count),
        remainders: readIntegers(reader, count),
      }),
    );
  }
  if (codec !== 'patched') {
    const headerBytes = HEADER_BYTES[codec];
    return whole(view, at + headerBytes, end, (reader) =>
      gridValues(codec, view, at, end, readIntegers(reader, count)),
    );
  }
  // A patched block: the main run's codec and header, the exceptions, then the run.
  const main = NAMES.get(bytes[at] ?? 0);
  if (main === undefined || !isPatchable(main)) {
    throw new DamagedBlockError('a patched block names no grid');
  }
  const headerAt = at + 1;
  return whole(view, headerAt + HEADER_BYTES[main], end, (reader) => {
    const exceptions = readExceptions(reader, count);
    const values = gridValues(main, view, headerAt, end, readIntegers(reader, count));
    patch(values, exceptions);
    return values;
  });
}

type GridCodec = Exclude<CodecName, 'plain' | 'xor' | 'patched' | 'offsetGrid'>;
const HEADER_BYTES: Record<GridCodec, number> = {
  decimal: 1,
  binary: 1,
  float32: 0,
  printedFloat32: 1,
  resolution: 8,
};
/** The grids a patched block's main run may lie on (the encoder writes these three). */
const isPatchable = (codec: CodecName): codec is 'printedFloat32' | 'resolution' | 'decimal' =>
  codec === 'printedFloat32' || codec === 'resolution' || codec === 'decimal';

/** Reads the bit stream from `from` to `end` with `read`, which must take all of it. */
function whole(
  view: DataView,
  from: number,
  end: number,
  read: (reader: BitReader) => Float64Array<ArrayBuffer>,
): Float64Array<ArrayBuffer> {
  if (from > end) throw new DamagedBlockError('header ends early');
  const reader = new BitReader(view, from, end - from);
  const values = read(reader);
  if (!reader.atEnd) throw new DamagedBlockError('bit stream longer than its samples');
  return values;
}

/** The values of integers on a grid whose header starts at `at`. */
function gridValues(
  codec: GridCodec,
  view: DataView,
  at: number,
  end: number,
  integers: Float64Array,
): Float64Array<ArrayBuffer> {
  if (at + HEADER_BYTES[codec] > end) throw new DamagedBlockError('header ends early');
  switch (codec) {
    case 'decimal': {
      // A forged k (valid checksum) is damage, not a RangeError from the grid.
      const k = view.getUint8(at);
      if (k > MAX_DECIMALS) throw new DamagedBlockError('decimals out of range');
      return fromDecimalGrid(integers, k);
    }
    case 'binary':
      return fromBinaryGrid(integers, view.getUint8(at));
    case 'float32':
      return fromFloat32Grid(integers);
    case 'printedFloat32':
      return fromPrintedFloat32Grid(integers, view.getUint8(at));
    case 'resolution': {
      const step = view.getFloat64(at, true);
      if (!(step > 0 && Number.isFinite(step))) throw new DamagedBlockError('bad resolution');
      return fromResolutionGrid(integers, step);
    }
  }
}
