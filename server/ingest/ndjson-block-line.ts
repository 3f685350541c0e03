/**
 * The common NDJSON line, `{"stream_id":"…","start":"…","rate_hz":100,"values":[…]}` in any key
 * order, read in one pass over the body's bytes. The fields are exactly what JSON.parse would
 * give; the values come as their count, min, max and sum, written as binary float8 elements into
 * the body's arena. Any other line (other or repeated keys, escapes, exponents, a numeric start,
 * a single reading) answers null and goes through JSON.parse.
 */
import { asciiText, type DecimalList, scanDecimalList } from './decimal-list.ts';
import type { Float8Elements } from '../readings/float8-elements.ts';

/** A block read straight from bytes; its values were not turned into an array. */
export interface ScannedBlock {
  stream_id?: string;
  start?: string;
  /** A number from NDJSON; CSV hands over what it could make of the field. */
  rate_hz?: number | string;
  values: DecimalList;
  /** The values as binary float8 elements (a view into the body's arena). */
  elements: Uint8Array;
}

/** Most elements a list in bytes [from, limit) can hold: a digit and a comma each. */
export const maxElements = (from: number, limit: number) => Math.floor((limit - from + 1) / 2);

const QUOTE = 34;
const BACKSLASH = 92;
const SPACE = 32;
const COMMA = 44;
const COLON = 58;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const CARRIAGE_RETURN = 13;

// JSON's number grammar; the rate is one number per line, so a regular expression is cheap.
const JSON_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/** Index past the closing quote of a plain string whose opening quote is at `at`, or -1. */
function stringEnd(bytes: Uint8Array, at: number, limit: number): number {
  for (let i = at + 1; i < limit; i += 1) {
    const c = bytes[i] as number;
    if (c === QUOTE) return i + 1;
    // Escapes and control characters are JSON.parse's business.
    if (c === BACKSLASH || c < SPACE) return -1;
  }
  return -1;
}

const KEYS = ['stream_id', 'start', 'rate_hz', 'values'] as const;
type Key = (typeof KEYS)[number];
const KEY_BYTES = KEYS.map((key) => Buffer.from(key));

/** Which known key body[from, to) spells, without making a string of it. */
function keyAt(body: Buffer, from: number, to: number): Key | null {
  for (let k = 0; k < KEYS.length; k += 1) {
    const key = KEY_BYTES[k] as Buffer;
    if (key.length !== to - from) continue;
    let same = true;
    for (let j = 0; same && j < key.length; j += 1) same = key[j] === body[from + j];
    if (same) return KEYS[k] as Key;
  }
  return null;
}

function skipSpaces(bytes: Uint8Array, at: number, limit: number): number {
  let i = at;
  while (i < limit && bytes[i] === SPACE) i += 1;
  return i;
}

function numberEnd(bytes: Uint8Array, at: number, limit: number): number {
  let i = at;
  while (i < limit && bytes[i] !== COMMA && bytes[i] !== CLOSE_BRACE && bytes[i] !== SPACE) i += 1;
  return i;
}

/** Reads the line `body[from, to)`; a trailing carriage return is allowed. */
export function readBlockLine(
  body: Buffer,
  from: number,
  to: number,
  arena: Float8Elements,
): ScannedBlock | null {
  let limit = to;
  while (limit > from && (body[limit - 1] === CARRIAGE_RETURN || body[limit - 1] === SPACE)) {
    limit -= 1;
  }
  let streamId: string | undefined;
  let start: string | undefined;
  let rate: number | undefined;
  let values: DecimalList | undefined;
  let elements: Uint8Array | undefined;
  let i = skipSpaces(body, from, limit);
  if (body[i] !== OPEN_BRACE) return null;
  i = skipSpaces(body, i + 1, limit);
  for (;;) {
    if (body[i] !== QUOTE) return null;
    const keyEnd = stringEnd(body, i, limit);
    if (keyEnd < 0) return null;
    const key = keyAt(body, i + 1, keyEnd - 1);
    i = skipSpaces(body, keyEnd, limit);
    if (body[i] !== COLON) return null;
    i = skipSpaces(body, i + 1, limit);
    if (key === 'stream_id' || key === 'start') {
      if (body[i] !== QUOTE || (key === 'start' ? start : streamId) !== undefined) return null;
      const end = stringEnd(body, i, limit);
      if (end < 0) return null;
      const text = body.toString('utf8', i + 1, end - 1);
      if (key === 'start') start = text;
      else streamId = text;
      i = end;
    } else if (key === 'rate_hz' && rate === undefined) {
      const end = numberEnd(body, i, limit);
      const text = asciiText(body, i, end);
      if (!JSON_NUMBER.test(text)) return null;
      rate = Number(text);
      i = end;
    } else if (key === 'values' && values === undefined) {
      if (body[i] !== OPEN_BRACKET) return null;
      arena.room(maxElements(i + 1, limit));
      const list = scanDecimalList(body, i + 1, limit, CLOSE_BRACKET, arena.view, arena.offset);
      if (list === null) return null;
      values = list;
      elements = arena.take(list.count);
      i = list.end + 1;
    } else return null;
    i = skipSpaces(body, i, limit);
    if (body[i] === COMMA) {
      i = skipSpaces(body, i + 1, limit);
      continue;
    }
    if (body[i] !== CLOSE_BRACE || i + 1 !== limit || !values || !elements) return null;
    // Absent fields stay absent, as in JSON.parse's object; the validation names them.
    const block: ScannedBlock = { values, elements };
    if (streamId !== undefined) block.stream_id = streamId;
    if (start !== undefined) block.start = start;
    if (rate !== undefined) block.rate_hz = rate;
    return block;
  }
}
