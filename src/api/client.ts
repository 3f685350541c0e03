import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../openapi/schema';
import { REFRESH_PATH, createAuthMiddleware } from './auth-middleware';
import { requireData } from '../../domain/api-error';
import { createErrorMiddleware } from './error-middleware';
import { tokenStorage } from './token-storage';

export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  /** '' means the page's own origin, where the server (or the dev proxy) answers /api. */
  baseUrl?: string;
  fetch?: (request: Request) => Promise<Response>;
  onAuthFailure?: (reason: Error) => void;
}

function sendToLogin(reason: Error): void {
  // Spec §8: a failed refresh is logged, then the visitor signs in again.
  console.warn(`Session ended: ${reason.message}`);
  // A full navigation (not a router one) drops every piece of in-memory signed-in state.
  if (window.location.pathname !== '/login') window.location.assign('/login');
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const {
    baseUrl = '',
    // Looked up per call so test doubles installed on globalThis after start-up still apply.
    fetch = (request: Request) => globalThis.fetch(request),
    onAuthFailure = sendToLogin,
  } = options;

  const client = createClient<paths>({
    baseUrl,
    fetch,
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });

  // Order matters: see createErrorMiddleware.
  client.use(
    createErrorMiddleware(),
    createAuthMiddleware({
      storage: tokenStorage,
      fetch,
      onAuthFailure,
      async requestNewTokens(refresh) {
        const { data } = await client.POST(REFRESH_PATH, { body: { refresh } });
        return requireData(data);
      },
    }),
  );

  return client;
}

export const apiClient = createApiClient();
