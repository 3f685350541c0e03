import type { UseMutationOptions } from '@tanstack/react-query';

type Effects<TData, TError, TVariables, TContext> = Pick<
  UseMutationOptions<TData, TError, TVariables, TContext>,
  'onSuccess' | 'onError' | 'onSettled'
>;

/**
 * A mutation factory's options (the call and the caches it invalidates) with a screen's own
 * reactions added (a toast, closing its dialog). Both run side by side, so a dialog closes
 * without waiting for the lists to reload; the mutation settles once both are done.
 */
export function withEffects<TData, TError, TVariables, TContext>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
  effects: Effects<TData, TError, TVariables, TContext>,
): UseMutationOptions<TData, TError, TVariables, TContext> {
  return {
    ...options,
    onSuccess: (...args) =>
      Promise.all([options.onSuccess?.(...args), effects.onSuccess?.(...args)]),
    onError: (...args) => Promise.all([options.onError?.(...args), effects.onError?.(...args)]),
    onSettled: (...args) =>
      Promise.all([options.onSettled?.(...args), effects.onSettled?.(...args)]),
  };
}
