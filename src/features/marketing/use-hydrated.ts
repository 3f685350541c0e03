import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False while React adopts a prerendered page (build/prerender-plugin.ts), so the HTML the
 * build wrote matches; true from then on, and at once wherever the page is drawn in the browser.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
