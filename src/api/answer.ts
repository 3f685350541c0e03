import { isApiError, requireData } from '../../domain/api-error';

/** A `.catch` handler: the failure told as `text` when the server sent no detail. */
export function toldAs(text: string) {
  return (error: unknown): never => {
    throw isApiError(error) ? error.describedAs(text) : error;
  };
}

/**
 * The body of a successful call. A failure (an ApiError from the error middleware) is told as
 * `failure` when the server sent no detail: the texts spec §8 gives each screen.
 */
export async function answerOf<T>(call: Promise<{ data?: T }>, failure: string): Promise<T> {
  const { data } = await call.catch(toldAs(failure));
  return requireData(data, failure);
}

/** A call answered without a body (204): only its failure matters. */
export async function completed(call: Promise<unknown>, failure: string): Promise<void> {
  await call.catch(toldAs(failure));
}
