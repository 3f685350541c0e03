import { useCallback } from 'react';
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
