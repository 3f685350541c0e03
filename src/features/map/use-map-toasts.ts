import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useToast } from '../../ui/toast';

// Spec §8 texts and §9 duration for the map's toasts.
export const FETCH_FAILED = 'Failed to fetch bridges';
export const NO_VALID_LOCATIONS = 'No bridges with valid locations found';
export const MAP_TOAST_MS = 3000;

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
      show({ tone: 'error', message: FETCH_FAILED, durationMs: MAP_TOAST_MS });
    } else if (!hasBridges) {
      shownFor.current = key;
      show({ tone: 'error', message: NO_VALID_LOCATIONS, durationMs: MAP_TOAST_MS });
    }
  }, [status, dataUpdatedAt, errorUpdatedAt, hasBridges, show]);
}
