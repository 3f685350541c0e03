import type { components } from '../../openapi/schema';
import { SIGN_IN_FAILED, UNEXPECTED_ERROR } from '../domain/messages';
import { type ApiClient, apiClient } from './client';
import { errorDetail } from './errors';
import { type TokenStorage, tokenStorage } from './token-storage';

export type CurrentUser = components['schemas']['User'];
export type LoginCredentials = components['schemas']['LoginRequest'];

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signed-in'; user: CurrentUser }
  | { status: 'signed-out'; user: null };

export type SignInResult = { ok: true; user: CurrentUser } | { ok: false; message: string };

/**
 * The signed-in user, shared by route guards (through the router context) and components
 * (through SessionProvider). A plain store for now; the session state machine replaces its
 * insides later without changing this surface.
 */
export interface Session {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Spec §4: at start, a stored access token is checked against the current-user call. */
  restore(): Promise<void>;
  signIn(credentials: LoginCredentials): Promise<SignInResult>;
  signOut(): void;
}

const SIGNED_OUT: SessionState = { status: 'signed-out', user: null };

export function createSession(api: ApiClient, storage: TokenStorage = tokenStorage): Session {
  let state: SessionState = { status: 'loading', user: null };
  const listeners = new Set<() => void>();

  function setState(next: SessionState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  async function fetchCurrentUser(): Promise<CurrentUser> {
    const { data, error } = await api.GET('/api/v1/user/me');
    if (!data) throw new Error(errorDetail(error) ?? 'The current user could not be loaded');
    return data;
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async restore() {
      if (!storage.getAccess()) return setState(SIGNED_OUT);
      try {
        setState({ status: 'signed-in', user: await fetchCurrentUser() });
      } catch (error) {
        console.warn('Stored session rejected:', error);
        storage.clear();
        setState(SIGNED_OUT);
      }
    },
    async signIn(credentials) {
      try {
        const { data, error } = await api.POST('/api/v1/auth/login', { body: credentials });
        if (!data) return { ok: false, message: errorDetail(error) ?? SIGN_IN_FAILED };
        try {
          storage.setTokens(data);
          const user = await fetchCurrentUser();
          setState({ status: 'signed-in', user });
          return { ok: true, user };
        } catch (error) {
          // Spec §4: half a session is worse than none.
          storage.clear();
          setState(SIGNED_OUT);
          throw error;
        }
      } catch (error) {
        console.warn('Sign-in failed:', error);
        return { ok: false, message: UNEXPECTED_ERROR };
      }
    },
    signOut() {
      storage.clear();
      setState(SIGNED_OUT);
    },
  };
}

export const session = createSession(apiClient);
