/**
 * Reused byte buffers for the bulk ingest (issue 16). A 1 MB body used to allocate about 4 MB
 * outside the JavaScript heap (the body, the arena its values are read into, the COPY rows).
 * V8 answers that much fresh external memory with a full collection every few requests, and
 * marking the server's whole heap that often cost it more CPU than reading the samples did.
 *
 * Buffers come in power-of-two sizes. A holder gives a buffer back only once nothing can read
 * or write it any more; one given back twice is kept once, so it can never have two holders.
 */
const MIN_BYTES = 64 * 1024;
const MAX_BYTES = 8 * 1024 * 1024;

const sizeFor = (bytes: number) => Math.max(MIN_BYTES, 2 ** Math.ceil(Math.log2(bytes)));

export class BufferPool {
  private readonly idle = new Map<number, ArrayBuffer[]>();
  private readonly isIdle = new WeakSet<ArrayBuffer>();
  private idleBytes = 0;

  /**
   * `maxIdle`: buffers of one size kept for reuse; `maxIdleBytes`: all sizes together. What
   * does not fit is left to the collector, so an idle server holds at most that much.
   */
  constructor(
    private readonly maxIdle = 8,
    private readonly maxIdleBytes = 32 * 1024 * 1024,
  ) {}

  /** A buffer of at least `bytes` (its length is the size taken, not `bytes`). */
  take(bytes: number): Buffer<ArrayBuffer> {
    if (bytes > MAX_BYTES) return Buffer.allocUnsafeSlow(bytes);
    const size = sizeFor(bytes);
    const reused = this.idle.get(size)?.pop();
    if (reused) {
      this.isIdle.delete(reused);
      this.idleBytes -= size;
      return Buffer.from(reused, 0, size);
    }
    return Buffer.allocUnsafeSlow(size);
  }

  /** Takes back the memory under a buffer from `take`; anything else is ignored. */
  give(memory: ArrayBufferLike): void {
    if (!(memory instanceof ArrayBuffer) || this.isIdle.has(memory)) return;
    const size = memory.byteLength;
    if (size > MAX_BYTES || size !== sizeFor(size)) return;
    const list = this.idle.get(size) ?? [];
    this.idle.set(size, list);
    if (list.length >= this.maxIdle || this.idleBytes + size > this.maxIdleBytes) return;
    list.push(memory);
    this.isIdle.add(memory);
    this.idleBytes += size;
  }

  /** Buffers waiting for reuse (for tests). */
  idleCount(): number {
    let count = 0;
    for (const list of this.idle.values()) count += list.length;
    return count;
  }
}

/** The HTTP ingest's pool: one per process, shared by its concurrent requests. */
export const ingestBuffers = new BufferPool();
