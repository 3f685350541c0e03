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
 */
import { crc32 } from 'node:zlib';
import { BitReader, BitWriter, DamagedBlockError } from './bit-stream.ts';
import {
  binaryGrid,
  decimalGrid,
  float32Grid,
  fromBinaryGrid,
  fromDecimalGrid,
  fromFloat32Grid,
  fromResolutionGrid,
  resolutionGrid,
} from './grids.ts';
import { readIntegers, writeIntegers } from './integer-sequence.ts';
import { readXorDoubles, writeXorDoubles } from './float-xor.ts';
import { fromPrintedFloat32Grid, printedFloat32Grid } from './printed-float32.ts';

export { DamagedBlockError };

export const CODECS = {
  plain: 1,
  xor: 2,
  decimal: 3,
  binary: 4,
  resolution: 5,
  float32: 6,
  printedFloat32: 7,
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
  /** The codec's header: decimals, binary digits or the printing (1 byte) or the step (8). */
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

/** What the exact mode may use; the bench turns the printed-float32 codec off for its "before". */
export interface ExactCodecs {
  printedFloat32?: boolean;
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
  if (candidates.length === 0) {
    const writer = new BitWriter(values.length * 64);
    writeXorDoubles(writer, values);
    candidates.push(
      writer.byteLength < values.length * 8
        ? { codec: 'xor', header: new Uint8Array(0), body: writer }
        : { codec: 'plain', header: new Uint8Array(0), body: values },
    );
  }
  return candidates.reduce((best, c) => (c.body.byteLength < best.body.byteLength ? c : best));
}

function resolutionEncoding(values: Float64Array, step: number): Encoded | null {
  const integers = resolutionGrid(values, step);
  if (integers === null) return null;
  const header = new Uint8Array(8);
  new DataView(header.buffer).setFloat64(0, step, true);
  return { codec: 'resolution', header, body: packed(integers) };
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
    (resolution !== null && resolution > 0 ? resolutionEncoding(doubles, resolution) : null) ??
    exactEncoding(doubles, codecs);
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
  const bodyOf = (headerBytes: number) => {
    if (at + headerBytes > end) throw new DamagedBlockError('header ends early');
    return new BitReader(view, at + headerBytes, end - at - headerBytes);
  };
  let values: Float64Array<ArrayBuffer>;
  let reader: BitReader;
  switch (codec) {
    case 'plain': {
      if (end - at !== count * 8) throw new DamagedBlockError('plain length does not match count');
      values = new Float64Array(count);
      for (let i = 0; i < count; i += 1) values[i] = view.getFloat64(at + i * 8, true);
      return values;
    }
    case 'xor':
      reader = bodyOf(0);
      values = readXorDoubles(reader, count);
      break;
    case 'decimal':
      reader = bodyOf(1);
      values = fromDecimalGrid(readIntegers(reader, count), bytes[at] as number);
      break;
    case 'binary':
      reader = bodyOf(1);
      values = fromBinaryGrid(readIntegers(reader, count), bytes[at] as number);
      break;
    case 'float32':
      reader = bodyOf(0);
      values = fromFloat32Grid(readIntegers(reader, count));
      break;
    case 'printedFloat32':
      reader = bodyOf(1);
      values = fromPrintedFloat32Grid(readIntegers(reader, count), bytes[at] as number);
      break;
    case 'resolution': {
      reader = bodyOf(8);
      const step = view.getFloat64(at, true);
      if (!(step > 0 && Number.isFinite(step))) throw new DamagedBlockError('bad resolution');
      values = fromResolutionGrid(readIntegers(reader, count), step);
      break;
    }
  }
  if (!reader.atEnd) throw new DamagedBlockError('bit stream longer than its samples');
  return values;
}
