import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BitReader, DamagedBlockError } from '../../../server/codec/bit-stream.ts';

/**
 * The word-wise unary and Rice readers (decision 075, amended 2026-12-01 (c)) against the bit-by-bit
 * reading they replace, on random streams at any position: the same values, the same position
 * after, and the same refusal where the stream ends early.
 */
const streams = fc.record({
  words: fc.array(
    fc.oneof(
      fc.integer({ min: 0, max: 0xffffffff }),
      fc.constantFrom(0, 0xffffffff, 0x7fffffff, 0xfffffffe, 0x80000000),
    ),
    { minLength: 1, maxLength: 4 },
  ),
  skip: fc.nat({ max: 127 }),
  k: fc.nat({ max: 40 }),
  limit: fc.integer({ min: 1, max: 32 }),
  bytesOffset: fc.nat({ max: 3 }),
});

function readerOf(words: number[], bytesOffset: number): BitReader {
  const buffer = new ArrayBuffer(bytesOffset + words.length * 4);
  const view = new DataView(buffer);
  words.forEach((w, i) => view.setUint32(bytesOffset + i * 4, w >>> 0, true));
  return new BitReader(view, bytesOffset, words.length * 4);
}

/** What the decoder did before: one bit at a time, then the low bits (or -1 for an escape). */
function bitByBit(reader: BitReader, k: number, limit: number, rice: boolean): number {
  let q = 0;
  while (q < limit && reader.read(1) === 1) q += 1;
  if (!rice) return q;
  return q < limit ? q * 2 ** k + reader.readWide(k) : -1;
}

function outcome(run: () => number, reader: BitReader): string {
  try {
    const value = run();
    return `${value} then ${reader.read(0)}${reader.atEnd ? ' at end' : ''}:${peek(reader)}`;
  } catch (error) {
    expect(error).toBeInstanceOf(DamagedBlockError);
    return 'damaged';
  }
}

/** The next bit, to compare positions (or 'end'). */
function peek(reader: BitReader): string {
  try {
    return String(reader.read(1));
  } catch {
    return 'end';
  }
}

describe('word-wise unary and Rice reading', () => {
  it('reads what bit-by-bit reading reads, ends where it ends, refuses where it refuses', () => {
    fc.assert(
      fc.property(streams, ({ words, skip, k, limit, bytesOffset }) => {
        for (const rice of [false, true]) {
          const total = words.length * 32;
          const at = Math.min(skip, total - 1);
          const a = readerOf(words, bytesOffset);
          const b = readerOf(words, bytesOffset);
          for (const r of [a, b])
            for (let s = at; s > 0; s -= Math.min(32, s)) r.read(Math.min(32, s));
          const expected = outcome(() => bitByBit(a, k, limit, rice), a);
          const actual = outcome(
            () => (rice ? b.readRice(k, 2 ** k, limit) : b.readUnary(limit)),
            b,
          );
          expect(actual).toBe(expected);
        }
      }),
      { seed: 34, numRuns: 20_000 },
    );
  });

  it('a run of ones reaching the stream end is damage, not a value', () => {
    const reader = readerOf([0xffffffff], 0);
    reader.read(4);
    expect(() => reader.readUnary(32)).toThrow(DamagedBlockError);
    const rice = readerOf([0x0fffffff], 0);
    expect(rice.readRice(3, 8, 32)).toBe(28 * 8 + 0);
    expect(() => rice.readRice(0, 1, 32)).toThrow(DamagedBlockError);
  });
});
