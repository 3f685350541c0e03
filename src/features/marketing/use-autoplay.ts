import { useEffect } from 'react';

/**
 * Calls `advance` once `intervalMs` after the current slide appeared, while `enabled`. Keyed on
 * the slide so a manual move restarts the wait instead of cutting the next slide short.
 */
export function useAutoplay(
  advance: () => void,
  intervalMs: number,
  enabled: boolean,
  slideKey: number,
): void {
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(advance, intervalMs);
    return () => clearTimeout(timer);
  }, [advance, intervalMs, enabled, slideKey]);
}
