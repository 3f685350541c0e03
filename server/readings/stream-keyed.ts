/**
 * Values keyed by a data stream and a number of its own (a block's start, a roll-up bucket).
 * The ingest keys thousands of blocks a request; a map per stream builds no string per key.
 */
export class StreamKeyed<V> {
  private readonly byStream = new Map<number, Map<number, V>>();

  get(datastreamId: number, key: number): V | undefined {
    return this.byStream.get(datastreamId)?.get(key);
  }

  has(datastreamId: number, key: number): boolean {
    return this.byStream.get(datastreamId)?.has(key) ?? false;
  }

  set(datastreamId: number, key: number, value: V): void {
    let keyed = this.byStream.get(datastreamId);
    if (!keyed) this.byStream.set(datastreamId, (keyed = new Map()));
    keyed.set(key, value);
  }

  /** The entries of both (b's where both hold a key); undefined when neither is given. */
  static merged<V>(a: StreamKeyed<V> | undefined, b: StreamKeyed<V> | undefined) {
    if (a === undefined || b === undefined) return a ?? b;
    const both = new StreamKeyed<V>();
    for (const source of [a, b]) {
      for (const [id, keyed] of source.byStream) for (const [k, v] of keyed) both.set(id, k, v);
    }
    return both;
  }

  *values(): Generator<V> {
    for (const keyed of this.byStream.values()) yield* keyed.values();
  }
}
