import type { Middleware } from 'openapi-fetch';
import { ApiError } from '../domain/api-error';

async function readBody(response: Response): Promise<unknown> {
  const text = await response.clone().text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const isAbort = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';

/**
 * Issue 17: every failed call rejects with one ApiError, made here, so callers never read
 * `{ data, error }` pairs. Registered before the auth middleware: response handlers run last
 * to first, so a 401 arrives here only after its refresh and single repeat have failed.
 */
export function createErrorMiddleware(): Middleware {
  return {
    async onResponse({ response }) {
      if (response.ok) return undefined;
      if (response.type === 'error') throw new ApiError({ kind: 'network' });
      throw new ApiError({ kind: 'http', status: response.status, body: await readBody(response) });
    },
    onError({ error }) {
      // A cancelled query is the caller's own doing; TanStack Query recognises it unchanged.
      if (isAbort(error) || error instanceof ApiError) return undefined;
      return new ApiError({ kind: 'network', cause: error });
    },
  };
}
