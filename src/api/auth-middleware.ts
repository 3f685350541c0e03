import type { Middleware } from 'openapi-fetch';
import type { paths } from '../../openapi/schema';
import type { TokenPair, TokenStorage } from './token-storage';

export const NO_REFRESH_TOKEN = 'No refresh token available';

const LOGIN_PATH = '/api/v1/auth/login' satisfies keyof paths;
export const REFRESH_PATH = '/api/v1/auth/refresh/' satisfies keyof paths;
export const LOGOUT_PATH = '/api/v1/auth/logout' satisfies keyof paths;

// These calls trade credentials (or a refresh token) for tokens, or end a session. A 401 from
// them means "wrong credentials", never "expired access token", so refreshing would be wrong
// (and for refresh itself, a loop). A stale bearer header is not sent either: it carries no
// meaning there.
const TOKEN_EXCHANGE_PATHS: ReadonlySet<string> = new Set([LOGIN_PATH, REFRESH_PATH, LOGOUT_PATH]);

export interface AuthMiddlewareOptions {
  storage: TokenStorage;
  /**
   * Trades the refresh token for a new access token and its successor refresh token (the
   * server spends the one sent); rejects when the server refuses.
   */
  requestNewTokens: (refresh: string) => Promise<TokenPair>;
  /** Sends the repeated request; it must not pass through this middleware again. */
  fetch: (request: Request) => Promise<Response>;
  /** Called once per failed refresh, after both tokens have been removed. */
  onAuthFailure: (reason: Error) => void;
}

/**
 * Bearer header on every call, and spec §4's rule for a 401: one refresh, then the original
 * request once more. Requests that fail together share one refresh.
 */
export function createAuthMiddleware(options: AuthMiddlewareOptions): Middleware {
  const { storage, requestNewTokens, fetch, onAuthFailure } = options;
  // fetch() consumes a request body, so a copy is kept for the possible single repeat.
  const replays = new Map<string, Request>();
  let pendingRefresh: Promise<string | null> | undefined;

  async function refreshSession(): Promise<string | null> {
    try {
      const refresh = storage.getRefresh();
      if (!refresh) throw new Error(NO_REFRESH_TOKEN);
      const tokens = await requestNewTokens(refresh);
      // Both: the refresh token sent is spent, and sending it again would end the session.
      storage.setTokens(tokens);
      return tokens.access;
    } catch (error) {
      storage.clear();
      onAuthFailure(error instanceof Error ? error : new Error(String(error)));
      return null;
    }
  }

  function sharedRefresh(): Promise<string | null> {
    pendingRefresh ??= refreshSession().finally(() => {
      pendingRefresh = undefined;
    });
    return pendingRefresh;
  }

  function accessTokenForRetry(replay: Request): Promise<string | null> {
    const current = storage.getAccess();
    // A request that left before another one's refresh finished can reuse the fresh token
    // instead of spending the refresh token a second time.
    if (current && replay.headers.get('Authorization') !== `Bearer ${current}`) {
      return Promise.resolve(current);
    }
    return sharedRefresh();
  }

  return {
    onRequest({ request, schemaPath, id }) {
      if (TOKEN_EXCHANGE_PATHS.has(schemaPath)) return undefined;
      const access = storage.getAccess();
      if (access) request.headers.set('Authorization', `Bearer ${access}`);
      replays.set(id, request.clone());
      return request;
    },
    async onResponse({ response, id }) {
      const replay = replays.get(id);
      replays.delete(id);
      if (response.status !== 401 || !replay) return undefined;
      const access = await accessTokenForRetry(replay);
      if (!access) return undefined;
      replay.headers.set('Authorization', `Bearer ${access}`);
      // A repeat that gets no answer is handed on as a network error response (the error
      // middleware tells it apart): throwing here would bypass every onError handler.
      return fetch(replay).catch(() => Response.error());
    },
    onError({ id }) {
      replays.delete(id);
      return undefined;
    },
  };
}
