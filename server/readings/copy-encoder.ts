/**
 * PostgreSQL's binary COPY format: no float text for the database to parse, which is most of
 * what a text COPY of samples costs it (a binary COPY of the same blocks goes about twice as
 * fast). Used by the ingest and by the demo history loader.
 */

import type { BufferPool } from './buffer-pool.ts';

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
const FLOAT8_OID = 701;
/** One float8 array element in binary COPY: its length (8) and its big-endian value. */
export const FLOAT8_ELEMENT_BYTES = 12;

/** Writes the rows of one binary COPY into a buffer sized up front. */
export class CopyEncoder {
  private readonly view: DataView;
  private readonly bytes: Uint8Array<ArrayBuffer>;
  private offset = 0;

  /** With `pool`, the buffer is taken from it; its holder gives `finish()`'s buffer back. */
  constructor(rowBytes: number, pool?: BufferPool) {
    // Every byte up to finish() is written, so the buffer need not be zeroed first.
    const size = SIGNATURE.length + 8 + rowBytes + 2;
    const memory = pool ? pool.take(size) : Buffer.allocUnsafeSlow(size);
    this.bytes = new Uint8Array(memory.buffer, memory.byteOffset, size);
    this.view = new DataView(this.bytes.buffer, this.bytes.byteOffset, size);
    this.bytes.set(SIGNATURE, 0);
    this.view.setInt32(SIGNATURE.length, 0); // flags
    this.view.setInt32(SIGNATURE.length + 4, 0); // header extension length
    this.offset = SIGNATURE.length + 8;
  }

  row(fields: number): this {
    this.view.setInt16(this.offset, fields);
    this.offset += 2;
    return this;
  }

  int4(value: number): this {
    this.view.setInt32(this.offset, 4);
    this.view.setInt32(this.offset + 4, value);
    this.offset += 8;
    return this;
  }

  int8(value: number): this {
    this.view.setInt32(this.offset, 8);
    this.view.setBigInt64(this.offset + 4, BigInt(value));
    this.offset += 12;
    return this;
  }

  float8(value: number): this {
    this.view.setInt32(this.offset, 8);
    this.view.setFloat64(this.offset + 4, value);
    this.offset += 12;
    return this;
  }

  timestamptz(ms: number): this {
    return this.int8(Math.round((ms - PG_EPOCH_MS) * 1000));
  }

  private float8ArrayHeader(count: number): void {
    const view = this.view;
    view.setInt32(this.offset, 20 + FLOAT8_ELEMENT_BYTES * count);
    view.setInt32(this.offset + 4, 1); // dimensions
    view.setInt32(this.offset + 8, 0); // no nulls
    view.setInt32(this.offset + 12, FLOAT8_OID);
    view.setInt32(this.offset + 16, count);
    view.setInt32(this.offset + 20, 1); // lower bound
    this.offset += 24;
  }

  float8Array(values: readonly number[]): this {
    this.float8ArrayHeader(values.length);
    const view = this.view;
    let o = this.offset;
    for (const value of values) {
      view.setInt32(o, 8);
      view.setFloat64(o + 4, value);
      o += FLOAT8_ELEMENT_BYTES;
    }
    this.offset = o;
    return this;
  }

  /** A float8[] whose elements are already encoded (see float8-elements.ts). */
  float8ArrayOfElements(count: number, elements: Uint8Array): this {
    this.float8ArrayHeader(count);
    this.bytes.set(elements, this.offset);
    this.offset += elements.length;
    return this;
  }

  /** A NULL field. */
  null(): this {
    this.view.setInt32(this.offset, -1);
    this.offset += 4;
    return this;
  }

  bytea(bytes: Uint8Array): this {
    this.view.setInt32(this.offset, bytes.length);
    this.bytes.set(bytes, this.offset + 4);
    this.offset += 4 + bytes.length;
    return this;
  }

  finish(): Uint8Array<ArrayBuffer> {
    this.view.setInt16(this.offset, -1);
    return this.bytes.subarray(0, this.offset + 2);
  }
}

/** Bytes a row takes: 2 for the field count, 4 per field length, plus the values. */
export const copyRowBytes = {
  int4: 8,
  int8: 12,
  float8: 12,
  timestamptz: 12,
  float8Array: (n: number) => 24 + FLOAT8_ELEMENT_BYTES * n,
  bytea: (n: number) => 4 + n,
  null: 4,
  row: 2,
};
