import { FLOAT8_ELEMENT_BYTES } from './copy-encoder.ts';
import type { BufferPool } from './buffer-pool.ts';

/** Elements per chunk of a body's arena: a block never spans two chunks. */
const CHUNK_ELEMENTS = 64 * 1024;

/**
 * Where the bulk reader writes a body's values as it reads them: binary float8 array elements
 * (length and big-endian value), so a block's values go into its binary COPY row as one copy
 * and are never held as an array of numbers. One arena per body, in chunks.
 *
 * With a pool (buffer-pool.ts) the chunks are taken from it, the first one sized by
 * `expectedBytes`, and `release` gives them back once the body's blocks are stored.
 */
export class Float8Elements {
  private chunk: Buffer = Buffer.alloc(0);
  private used = 0;
  private readonly taken: Buffer[] = [];
  /** Where `room` says to write. */
  view = new DataView(this.chunk.buffer, 0, 0);
  offset = 0;

  constructor(
    private readonly pool?: BufferPool,
    private expectedBytes = CHUNK_ELEMENTS * FLOAT8_ELEMENT_BYTES,
  ) {}

  /** Makes room for up to `count` elements at `view`/`offset`. */
  room(count: number): void {
    const needed = count * FLOAT8_ELEMENT_BYTES;
    if (this.chunk.length - this.used < needed) {
      const bytes = Math.max(this.expectedBytes, needed);
      this.chunk = this.pool ? this.pool.take(bytes) : Buffer.allocUnsafe(bytes);
      if (this.pool) this.taken.push(this.chunk);
      // A body that outgrows its first chunk gets chunks of the usual size after it.
      this.expectedBytes = CHUNK_ELEMENTS * FLOAT8_ELEMENT_BYTES;
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

  /** Gives the chunks back to the pool: every element taken from this arena is then void. */
  release(): void {
    for (const chunk of this.taken.splice(0)) this.pool?.give(chunk.buffer);
    this.chunk = Buffer.alloc(0);
    this.view = new DataView(this.chunk.buffer, 0, 0);
    this.used = 0;
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

/** Encoded elements as doubles (for the block codec, which packs a block's values). */
export function doublesOfElements(elements: Uint8Array): Float64Array<ArrayBuffer> {
  const view = new DataView(elements.buffer, elements.byteOffset, elements.byteLength);
  const doubles = new Float64Array(elements.length / FLOAT8_ELEMENT_BYTES);
  for (let i = 0; i < doubles.length; i += 1) {
    doubles[i] = view.getFloat64(i * FLOAT8_ELEMENT_BYTES + 4);
  }
  return doubles;
}
