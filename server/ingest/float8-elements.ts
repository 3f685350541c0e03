import { FLOAT8_ELEMENT_BYTES } from '../readings/copy-encoder.ts';

/** Elements per chunk of a body's arena: a block never spans two chunks. */
const CHUNK_ELEMENTS = 64 * 1024;

/**
 * Where the bulk reader writes a body's values as it reads them: binary float8 array elements
 * (length and big-endian value), so a block's values go into its binary COPY row as one copy
 * and are never held as an array of numbers. One arena per body, in chunks.
 */
export class Float8Elements {
  private chunk = Buffer.alloc(0);
  private used = 0;
  /** Where `room` says to write. */
  view = new DataView(this.chunk.buffer, 0, 0);
  offset = 0;

  /** Makes room for up to `count` elements at `view`/`offset`. */
  room(count: number): void {
    const needed = count * FLOAT8_ELEMENT_BYTES;
    if (this.chunk.length - this.used < needed) {
      this.chunk = Buffer.allocUnsafe(Math.max(CHUNK_ELEMENTS * FLOAT8_ELEMENT_BYTES, needed));
      this.view = new DataView(this.chunk.buffer, this.chunk.byteOffset, this.chunk.length);
      this.used = 0;
    }
    this.offset = this.used;
  }

  /** The `count` elements just written into the room. */
  take(count: number): Uint8Array {
    const elements = this.chunk.subarray(this.used, this.used + count * FLOAT8_ELEMENT_BYTES);
    this.used += elements.length;
    return elements;
  }
}

/** Encoded elements back to numbers (for the rare roll-up of a block spanning two buckets). */
export function numbersOfElements(elements: Uint8Array): number[] {
  const view = new DataView(elements.buffer, elements.byteOffset, elements.byteLength);
  const numbers = new Array<number>(elements.length / FLOAT8_ELEMENT_BYTES);
  for (let i = 0; i < numbers.length; i += 1) {
    numbers[i] = view.getFloat64(i * FLOAT8_ELEMENT_BYTES + 4);
  }
  return numbers;
}
