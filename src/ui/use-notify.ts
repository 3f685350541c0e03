import { useCallback, useEffect } from 'react';
import { useToast } from './toast';

/** Spec §9: the map, user and management screens show their toasts for 3000 ms. */
export const APP_TOAST_MS = 3000;

export function useNotify(durationMs = APP_TOAST_MS) {
  const toast = useToast();
  return useCallback(
    (tone: 'success' | 'error', message: string) => toast.show({ tone, message, durationMs }),
    [toast, durationMs],
  );
}

/** One red toast each time a list fails to load. */
export function useFetchErrorToast(isError: boolean, message: string) {
  const notify = useNotify();
  useEffect(() => {
    if (isError) notify('error', message);
  }, [isError, message, notify]);
}
