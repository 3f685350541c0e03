import type { Middleware } from 'openapi-fetch';
import { ApiError } from '../../domain/api-error';

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
 * A successful answer whose body openapi-fetch reads as JSON: a body that is not JSON fails as
 * an ApiError of kind 'invalid-response' rather than as the parser's SyntaxError.
 */
class JsonAnswer extends Response {
  override async json(): Promise<unknown> {
    try {
      return (await super.json()) as unknown;
    } catch (cause) {
      if (!(cause instanceof SyntaxError)) throw cause;
      throw new ApiError({ kind: 'invalid-response', status: this.status, cause });
    }
  }
}

const byteLength = (text: string): number => new TextEncoder().encode(text).byteLength;

/**
 * openapi-fetch parses a success after the middleware has run: with JSON.parse when the answer
 * states no length, with `response.json()` when it does. The answer is handed on with its
 * length, so the parse goes through JsonAnswer and the body is still parsed only once.
 */
async function asJsonAnswer(response: Response): Promise<Response> {
  const body = await response.text().catch((cause: unknown) => {
    // The connection dropped while the body arrived; a cancelled query stays cancelled.
    throw isAbort(cause) ? cause : new ApiError({ kind: 'network', cause });
  });
  const headers = new Headers(response.headers);
  headers.set('Content-Length', String(byteLength(body)));
  const { status, statusText } = response;
  return new JsonAnswer(body, { status, statusText, headers });
}

/**
 * Issue 17: every failed call rejects with one ApiError, made here, so callers never read
 * `{ data, error }` pairs. Registered before the auth middleware: response handlers run last
 * to first, so a 401 arrives here only after its refresh and single repeat have failed.
 */
export function createErrorMiddleware(): Middleware {
  return {
    async onResponse({ request, response, options }) {
      if (response.ok) {
        const parsedAsJson =
          options.parseAs === 'json' && response.status !== 204 && request.method !== 'HEAD';
        return parsedAsJson ? asJsonAnswer(response) : undefined;
      }
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
