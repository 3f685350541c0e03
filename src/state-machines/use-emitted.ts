import { useEffect, useRef } from 'react';
import type { Actor, AnyActorLogic, EmittedFrom } from 'xstate';

/**
 * Carries out what a form machine asks the screen to do (navigate, show a toast): the machine
 * stays pure and only emits, the screen owns the router and the toasts.
 */
export function useEmitted<TLogic extends AnyActorLogic>(
  actor: Actor<TLogic>,
  handler: (event: EmittedFrom<TLogic>) => void,
): void {
  // The latest handler without resubscribing on every render.
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const subscription = actor.on('*', (event) => latest.current(event));
    return () => subscription.unsubscribe();
  }, [actor]);
}
