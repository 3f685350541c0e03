import type { QueryStatus } from '@tanstack/react-query';
import { useFailureNotice } from '../../ui/use-failure-notice';

// Spec §8 texts for the map's toasts (their §9 duration is the app's, APP_TOAST_MS).
export const FETCH_FAILED = 'Failed to fetch bridges';
export const NO_VALID_LOCATIONS = 'No bridges with valid locations found';

/** What the toasts need of the bridge list's answer: which one it is, and when it came. */
export interface BridgeListAnswer {
  status: QueryStatus;
  dataUpdatedAt: number;
  errorUpdatedAt: number;
}

/** One red toast per answer: the list failed, or it held no bridge with a valid position. */
export function useMapToasts(answer: BridgeListAnswer, hasBridges: boolean): void {
  const { status, dataUpdatedAt, errorUpdatedAt } = answer;
  const failed = status === 'error';
  const message = failed
    ? FETCH_FAILED
    : status === 'success' && !hasBridges
      ? NO_VALID_LOCATIONS
      : null;
  useFailureNotice(message, { as: 'toast', occurrence: failed ? errorUpdatedAt : dataUpdatedAt });
}
