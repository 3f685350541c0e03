import { type RefObject, useEffect, useRef } from 'react';

const GIVE_UP_MS = 10_000;

/**
 * After a move to another screen, focus goes to that screen's heading, so a screen-reader or
 * keyboard user starts from the top of the new content instead of the document body. Screens
 * that load first draw their heading later: it is focused when it appears, unless the user has
 * already moved focus elsewhere by then. The first screen after a page load keeps the browser's
 * own start.
 */
export function useFocusHeadingOnNavigation(
  main: RefObject<HTMLElement | null>,
  pathname: string,
): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = main.current;
    if (!root) return;
    const focusedBefore = document.activeElement;
    const focusHeading = (): boolean => {
      const heading = root.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      const active = document.activeElement;
      const untouched = !active || active === document.body || active === focusedBefore;
      if (untouched) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus();
      }
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), GIVE_UP_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [main, pathname]);
}
