/**
 * One pass over the bytes of a comma list of plain decimals (`-12.5, 0.003,7`), the way gateways
 * write a block's values: each number read by hand, folded into the block's count, min, max and
 * sum, and written out as a binary float8 element for the COPY. Decoding the body to a string,
 * JSON.parse, a stats loop and formatting the numbers for the database again cost most of the
 * ingest's CPU; this is one pass over bytes, with no array of numbers.
 *
 * Only JSON's number grammar without an exponent is read (no `+`, no leading zeros, no `.5`);
 * anything else answers null and the caller takes its general path, so the numbers never differ
 * from what JSON.parse would give.
 */

import { FLOAT8_ELEMENT_BYTES } from '../readings/copy-encoder.ts';

export interface DecimalList {
  count: number;
  min: number;
  max: number;
  sum: number;
  /** Index just past the list (at the terminator or the limit). */
  end: number;
}

/** Powers of ten that are exact doubles: m / 10^k is then correctly rounded (m < 2^53). */
const EXACT_POWERS_OF_TEN = Float64Array.from({ length: 23 }, (_, k) => 10 ** k);
const MAX_EXACT_DIGITS = 15;

const SPACE = 32;
const COMMA = 44;
const MINUS = 45;
const POINT = 46;
const ZERO = 48;
const NINE = 57;
const LOWER_E = 101;
const UPPER_E = 69;
/** Reading past `limit` yields this, which matches no byte; as a terminator it means `limit`. */
export const END_OF_RANGE = -1;
const NONE = END_OF_RANGE;

/** The ASCII text of `bytes[from, to)`. */
export const asciiText = (bytes: Uint8Array, from: number, to: number) =>
  Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString('latin1');

/**
 * Reads the list in `bytes[from, limit)` up to the byte `terminator` (or up to `limit` when
 * `terminator` is END_OF_RANGE). Spaces may surround elements; an empty list is allowed. With
 * `out`, each number is written there as a binary float8 element from `outOffset` on.
 */
export function scanDecimalList(
  bytes: Uint8Array,
  from: number,
  limit: number,
  terminator: number,
  out?: DataView,
  outOffset = 0,
): DecimalList | null {
  let count = 0;
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let o = outOffset;
  let i = from;
  let c = i < limit ? (bytes[i] as number) : NONE;
  while (c === SPACE) c = ++i < limit ? (bytes[i] as number) : NONE;
  if (c === terminator) return { count, min, max, sum, end: i };
  for (;;) {
    const begin = i;
    const negative = c === MINUS;
    if (negative) c = ++i < limit ? (bytes[i] as number) : NONE;
    if (c < ZERO || c > NINE) return null;
    let mantissa = 0;
    let digits = 0;
    let scale = 0;
    if (c === ZERO) {
      c = ++i < limit ? (bytes[i] as number) : NONE;
      if (c >= ZERO && c <= NINE) return null;
    } else {
      do {
        mantissa = mantissa * 10 + (c - ZERO);
        digits += 1;
        c = ++i < limit ? (bytes[i] as number) : NONE;
      } while (c >= ZERO && c <= NINE);
    }
    if (c === POINT) {
      c = ++i < limit ? (bytes[i] as number) : NONE;
      if (c < ZERO || c > NINE) return null;
      do {
        mantissa = mantissa * 10 + (c - ZERO);
        digits += 1;
        scale += 1;
        c = ++i < limit ? (bytes[i] as number) : NONE;
      } while (c >= ZERO && c <= NINE);
    }
    // Exponents are valid JSON, but rare from gateways: JSON.parse reads them.
    if (c === LOWER_E || c === UPPER_E) return null;
    let value: number;
    if (digits <= MAX_EXACT_DIGITS && scale < EXACT_POWERS_OF_TEN.length) {
      const magnitude = mantissa / (EXACT_POWERS_OF_TEN[scale] as number);
      value = negative ? -magnitude : magnitude;
    } else {
      value = Number(asciiText(bytes, begin, i));
    }
    count += 1;
    if (value < min) min = value;
    if (value > max) max = value;
    sum += value;
    if (out) {
      out.setInt32(o, 8);
      out.setFloat64(o + 4, value);
      o += FLOAT8_ELEMENT_BYTES;
    }
    while (c === SPACE) c = ++i < limit ? (bytes[i] as number) : NONE;
    if (c === COMMA) {
      c = ++i < limit ? (bytes[i] as number) : NONE;
      while (c === SPACE) c = ++i < limit ? (bytes[i] as number) : NONE;
      continue;
    }
    return c === terminator ? { count, min, max, sum, end: i } : null;
  }
}
