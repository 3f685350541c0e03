import { type ReactNode, useEffect, useRef } from 'react';
import { ErrorBanner } from './error-banner';
import { useNotify } from './use-notify';

/**
 * How a screen shows a failure: spec §2 and §8 give the map, user and management screens a red
 * toast (3000 ms); the other screens and the dialogs keep the message on screen in a banner.
 */
export type FailureNoticeKind = 'toast' | 'banner';

export interface FailureNoticeOptions {
  as: FailureNoticeKind;
  /**
   * Tells one failure from the next with the same text (a query's errorUpdatedAt), so each is
   * toasted once, and a re-render (or React's double effects) never repeats it.
   */
  occurrence?: number | string;
}

/**
 * The one way the SPA shows a failure. `message` is null while nothing has failed. A toast is
 * shown by the hook and nothing is returned; a banner is returned for the caller to place.
 */
export function useFailureNotice(
  message: string | null | undefined,
  { as, occurrence }: FailureNoticeOptions,
): ReactNode {
  const notify = useNotify();
  const toasted = useRef<string | null>(null);
  const key = message ? `${message}\u0000${occurrence ?? ''}` : null;

  useEffect(() => {
    if (as !== 'toast' || !key || !message || toasted.current === key) return;
    toasted.current = key;
    notify('error', message);
  }, [as, key, message, notify]);

  if (as === 'banner' && message) return <ErrorBanner>{message}</ErrorBanner>;
  return null;
}
