/** How long a jump keeps its target in place while the page above it is still drawing. */
export const KEEP_IN_VIEW_MS = 15_000;
/** How far (px) the target may move before it is brought back. */
const TOLERANCE_PX = 2;
/** Anything the reader does to move the page themselves ends the watch. */
const READER_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls to the element with `id` and keeps it at the top of the window while the page above
 * it is still growing. A dashboard draws its condition first and its cards after (decision 062):
 * a link followed in the meantime jumped to the chart, and the cards that then drew above it
 * pushed it off the screen. The watch ends when the reader scrolls, taps or types, or after
 * `keepMs`. An element not there yet is scrolled to once it appears.
 *
 * Returns a function that ends the watch early.
 */
export function keepInView(id: string, keepMs = KEEP_IN_VIEW_MS): () => void {
  const started = performance.now();
  let frame = 0;
  let placedTop: number | null = null;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of READER_EVENTS) window.removeEventListener(type, stop, true);
  };
  const check = () => {
    if (performance.now() - started > keepMs) {
      stop();
      return;
    }
    const target = document.getElementById(id);
    if (target) {
      const top = target.getBoundingClientRect().top;
      if (placedTop === null || Math.abs(top - placedTop) > TOLERANCE_PX) {
        target.scrollIntoView?.({ block: 'start' });
        placedTop = target.getBoundingClientRect().top;
      }
    }
    frame = requestAnimationFrame(check);
  };
  // The click that started the jump is itself a pointer event: listen from the next frame on.
  frame = requestAnimationFrame(() => {
    for (const type of READER_EVENTS)
      window.addEventListener(type, stop, { capture: true, passive: true });
    check();
  });
  return stop;
}
