/** What the codec tests share: bit-for-bit comparison, a float32 sensor, damaged copies. */
import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { expect } from 'vitest';
import {
  CODECS,
  type CodecName,
  codecOf,
  DamagedBlockError,
  decodeBlock,
  encodeBlock,
  type ExactCodecs,
} from '../../server/codec/block-codec.ts';

/** Bit-for-bit view of doubles, -0 and NaN payloads included. */
export const bitsOf = (values: ArrayLike<number>) =>
  Array.from(new Uint32Array(Float64Array.from(values).buffer));

/** Encodes exactly, decodes, checks every value bit for bit; returns the block. */
export function roundTrip(values: number[]): Uint8Array {
  const bytes = encodeBlock(values);
  expect(bitsOf(decodeBlock(bytes))).toEqual(bitsOf(values));
  return bytes;
}

/**
 * The codec of a patched block's main run (its byte after the codec and the count, one byte
 * or two), null for a block of another codec.
 */
export function patchedMainRunOf(bytes: Uint8Array): CodecName | null {
  if (codecOf(bytes) !== 'patched') return null;
  const main = bytes[1 + ((bytes[1] ?? 0) >= 0x80 ? 2 : 1)];
  const names = Object.keys(CODECS) as CodecName[];
  return names.find((name) => CODECS[name] === main) ?? null;
}

/**
 * The opening property of a codec's tests: every generated block comes back bit for bit and is
 * never larger than encoded `without` the codec under test. Returns how many runs `takes` the
 * codec, for the share the test expects (so `runs` carries a fixed seed).
 */
export function countTakenNeverLarger(
  blocks: fc.Arbitrary<number[]>,
  takes: (bytes: Uint8Array) => boolean,
  without: ExactCodecs,
  runs: { seed: number; numRuns: number },
): number {
  let taken = 0;
  fc.assert(
    fc.property(blocks, (values) => {
      const bytes = roundTrip(values);
      if (takes(bytes)) taken += 1;
      expect(bytes.length).toBeLessThanOrEqual(encodeBlock(values, null, without).length);
    }),
    runs,
  );
  return taken;
}

/**
 * A float32 sensor: a level away from 0, a drift and noise, as a logger samples it. (A signal
 * crossing 0 jumps across the sign bit: those blocks pack no better than 4 bytes a sample.)
 */
export const float32Sensor = (minLength: number) =>
  fc
    .record({
      level: fc.double({ min: 5, max: 500, noNaN: true }),
      sign: fc.constantFrom(1, -1),
      noise: fc.array(fc.integer({ min: -300, max: 300 }), { minLength, maxLength: 400 }),
    })
    .map(({ level, sign, noise }) =>
      noise.map((d, i) => Math.fround(sign * (level + d * 0.0021 + i * 1e-4))),
    );

/** Every copy of the block with one bit flipped is refused as damaged. */
export function expectEveryFlippedBitRefused(bytes: Uint8Array): void {
  for (let bit = 0; bit < bytes.length * 8; bit += 1) {
    const copy = bytes.slice();
    copy[bit >> 3] = (copy[bit >> 3] as number) ^ (1 << (bit & 7));
    expect(() => decodeBlock(copy)).toThrow(DamagedBlockError);
  }
}

/** A copy changed by `change` with its checksum made valid again: a forgery, not damage. */
export function forged(bytes: Uint8Array, change: (copy: Uint8Array) => void): Uint8Array {
  const copy = bytes.slice();
  change(copy);
  const view = new DataView(copy.buffer);
  view.setUint32(copy.length - 4, crc32(copy.subarray(0, copy.length - 4)), true);
  return copy;
}

/** Values a grid cannot hold or a printing does not give: ±0, subnormals, huge, tiny, any double. */
export const oddValue = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    5e-324,
    -5e-324,
    2.2250738585072014e-308,
    1e308,
    -1e308,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    1e-300,
  ),
  fc.double({ noNaN: true }),
);
