import { useCallback, useEffect } from 'react';
import { useToast } from '../../ui/toast';
import { TOAST_MS } from './user-messages';

export function useNotify() {
  const toast = useToast();
  return useCallback(
    (tone: 'success' | 'error', message: string) =>
      toast.show({ tone, message, durationMs: TOAST_MS }),
    [toast],
  );
}

/** One red toast each time a list fails to load. */
export function useFetchErrorToast(isError: boolean, message: string) {
  const notify = useNotify();
  useEffect(() => {
    if (isError) notify('error', message);
  }, [isError, message, notify]);
}
