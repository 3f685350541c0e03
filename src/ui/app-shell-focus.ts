import { useRouter } from '@tanstack/react-router';
import { type RefObject, useEffect } from 'react';

const GIVE_UP_MS = 10_000;

/**
 * After a move to another screen, focus goes to that screen's heading, so a screen-reader or
 * keyboard user starts from the top of the new content instead of the document body. Screens
 * that load first draw their heading later: it is focused when it appears, unless the user has
 * moved focus elsewhere by then. The first screen after a page load keeps the browser's start.
 */
export function useFocusHeadingOnNavigation(main: RefObject<HTMLElement | null>): void {
  const router = useRouter();
  useEffect(() => {
    let stop = () => {};
    const unsubscribe = router.subscribe('onResolved', (event) => {
      if (!event.pathChanged || !event.fromLocation) return;
      stop();
      stop = focusHeadingWhenDrawn(main);
    });
    return () => {
      unsubscribe();
      stop();
    };
  }, [router, main]);
}

function focusHeadingWhenDrawn(main: RefObject<HTMLElement | null>): () => void {
  const focusedBefore = document.activeElement;
  let observer: MutationObserver | null = null;
  const tryFocus = (): boolean => {
    const root = main.current;
    const heading = root?.querySelector<HTMLElement>('h1');
    if (!heading) return false;
    const active = document.activeElement;
    const untouched =
      !active || active === document.body || active === focusedBefore || !active.isConnected;
    if (untouched) {
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus();
    }
    return true;
  };
  // The new screen commits after the router resolves: look once it has painted.
  const frame = requestAnimationFrame(() => {
    if (tryFocus() || !main.current) return;
    observer = new MutationObserver(() => {
      if (tryFocus()) observer?.disconnect();
    });
    observer.observe(main.current, { childList: true, subtree: true });
  });
  const timer = setTimeout(() => observer?.disconnect(), GIVE_UP_MS);
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    observer?.disconnect();
  };
}
