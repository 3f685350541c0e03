import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Whether a scroll container is narrower than what it holds. A table that scrolls sideways must
 * be reachable by keyboard to be scrolled (WCAG 2.1.1; axe's scrollable-region-focusable), and a
 * table that fits should add no tab stop. Both the container and its first child (the table,
 * which grows with its rows) are watched.
 */
export function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    // Test DOMs have no layout and no ResizeObserver: nothing there scrolls.
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const check = () => setScrolls(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    check();
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
