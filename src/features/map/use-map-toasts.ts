import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useToast } from '../../ui/toast';
import { APP_TOAST_MS } from '../../ui/use-notify';

// Spec §8 texts for the map's toasts (their §9 duration is the app's, APP_TOAST_MS).
export const FETCH_FAILED = 'Failed to fetch bridges';
export const NO_VALID_LOCATIONS = 'No bridges with valid locations found';

/** One red toast per answer: the list failed, or it held no bridge with a valid position. */
export function useMapToasts(query: UseQueryResult<unknown>, hasBridges: boolean): void {
  const { show } = useToast();
  // Keyed by the answer's time so a re-render (or React's double effects) never repeats it.
  const shownFor = useRef<string | null>(null);
  const { status, dataUpdatedAt, errorUpdatedAt } = query;

  useEffect(() => {
    if (status === 'pending') return;
    const key = `${status}:${status === 'error' ? errorUpdatedAt : dataUpdatedAt}`;
    if (shownFor.current === key) return;
    if (status === 'error') {
      shownFor.current = key;
      show({ tone: 'error', message: FETCH_FAILED, durationMs: APP_TOAST_MS });
    } else if (!hasBridges) {
      shownFor.current = key;
      show({ tone: 'error', message: NO_VALID_LOCATIONS, durationMs: APP_TOAST_MS });
    }
  }, [status, dataUpdatedAt, errorUpdatedAt, hasBridges, show]);
}
