/**
 * How far V8 lets the old generation grow past what survived the last full collection
 * (HEAP_GROWTH_PERCENT, issue 16). Left to itself, V8 sets the next limit only about 1.6 times
 * the live heap for a busy server, and starts marking again as soon as the room left is less
 * than the young generation: under bulk ingest the server then ran a full collection every few
 * requests, and marking its ~40 MB of live heap took more CPU than parsing the samples. The
 * flag is read at each collection, so setting it once at start-up is enough.
 */
import v8 from 'node:v8';

/** Applies the setting to this process (its worker threads share V8's flags); 0 leaves V8's own. */
export function applyHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${Math.round(percent)}`);
}
