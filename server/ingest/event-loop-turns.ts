/**
 * Long synchronous work over input-sized data hands the event loop back now and then, so that
 * health checks and other requests are answered while a large body or batch is read.
 */

/** Work done between two turns: short enough for a health check's p99 to stay low. */
export const SLICE_MS = 10;

/** Lets timers, I/O and other requests run before the caller goes on. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A clock that says when the current slice of work has used its time. */
export function sliceClock(sliceMs = SLICE_MS) {
  let started = performance.now();
  return {
    /** Yields to the event loop when this slice has run `sliceMs`; resolves at once otherwise. */
    async pause(): Promise<void> {
      if (performance.now() - started < sliceMs) return;
      await nextTurn();
      started = performance.now();
    },
  };
}
