import { type RefObject, useLayoutEffect, useState } from 'react';

// Charts are drawn at the width they are shown at, so their text keeps its size on a phone and
// on a wide screen alike.
const FALLBACK_WIDTH = 640;

export function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    // Test DOMs have no layout and no ResizeObserver: they keep the fallback width.
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
