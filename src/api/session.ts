import { type Actor, type InspectionEvent, createActor, fromPromise, waitFor } from 'xstate';
import {
  SESSION_BUSY_TAG,
  type SessionTokens,
  type SessionUser,
  sessionMachine,
} from '../../machines/session.machine';
import type { components } from '../../openapi/schema';
import { ApiError, isApiError, requireData } from '../../domain/api-error';
import { inspect as inspectMachines } from '../inspector';
import { type ApiClient, apiClient } from './client';
import { type TokenStorage, tokenStorage } from './token-storage';

export type CurrentUser = SessionUser;
export type LoginCredentials = components['schemas']['LoginRequest'];
export type SignupPayload = components['schemas']['SignupRequest'];

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signed-in'; user: CurrentUser }
  | { status: 'signed-out'; user: null };

/**
 * The signed-in user, shared by route guards (through the router context) and components
 * (through SessionProvider). Its state is the session machine's (machines/session.machine.ts);
 * this surface adds the HTTP calls and turns events into promises for callers.
 */
export interface Session {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Spec §4: at start, a stored access token is checked against the current-user call. */
  restore(): Promise<void>;
  /** Resolves with the user; rejects with an ApiError. */
  signIn(credentials: LoginCredentials): Promise<CurrentUser>;
  /** Signs in with tokens got another way (single sign-on, decision 054), as signIn does. */
  signInWithTokens(tokens: SessionTokens): Promise<CurrentUser>;
  /** Forgets the user and removes both tokens at once; then the server ends the session. */
  signOut(): void;
  /** The signed-in user changed their own account (Settings); shows the stored answer. */
  userChanged(user: CurrentUser): void;
  /** Resolves when the account exists; rejects with an ApiError unless 200 or 201. */
  signUp(payload: SignupPayload): Promise<void>;
  /** Deletes the signed-in user, then signs out. False (and logged) when deletion failed. */
  deleteAccount(): Promise<boolean>;
}

export interface CreateSessionOptions {
  inspect?: (event: InspectionEvent) => void;
  /** Pause before asking again when the start check got no answer (default 1 s). */
  startCheckRetryMs?: number;
}

/** Tries of the start check that got no answer before the session is given up. */
const START_CHECK_TRIES = 3;

const LOADING: SessionState = { status: 'loading', user: null };
const SIGNED_OUT: SessionState = { status: 'signed-out', user: null };

function toState(user: CurrentUser | null, loading: boolean): SessionState {
  if (user) return { status: 'signed-in', user };
  return loading ? LOADING : SIGNED_OUT;
}

export function createSession(
  api: ApiClient,
  storage: TokenStorage = tokenStorage,
  { inspect = inspectMachines, startCheckRetryMs = 1000 }: CreateSessionOptions = {},
): Session {
  async function fetchCurrentUser(): Promise<CurrentUser> {
    const { data } = await api.GET('/api/v1/user/me');
    return requireData(data);
  }

  async function requestTokens(credentials: LoginCredentials): Promise<SessionTokens> {
    try {
      const { data } = await api.POST('/api/v1/auth/login', { body: credentials });
      return requireData(data);
    } catch (error) {
      // Spec §8: a failed login is logged, then shown by the form.
      console.warn('Sign-in failed:', error);
      throw error;
    }
  }

  const machine = sessionMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => {
        if (!storage.getAccess()) return null;
        for (let tries = 1; ; tries += 1) {
          try {
            return await fetchCurrentUser();
          } catch (error) {
            // No answer at all says nothing about the tokens: a reload or a link followed while
            // the check is in flight aborts it, and giving the tokens up then (spec §4) signed
            // the user out of the page being opened. Only the server's refusal, or no answer
            // after several tries, fails the check.
            if (!(isApiError(error) && error.kind === 'http') && tries < START_CHECK_TRIES) {
              await new Promise((resolve) => setTimeout(resolve, startCheckRetryMs));
              continue;
            }
            // Spec §8: a failed auth check is logged.
            console.warn('Stored session rejected:', error);
            throw error;
          }
        }
      }),
      storeSession: fromPromise<CurrentUser, SessionTokens>(async ({ input }) => {
        storage.setTokens(input);
        return fetchCurrentUser();
      }),
      revokeSession: fromPromise<undefined, { refresh: string }>(async ({ input: { refresh } }) => {
        try {
          await api.POST('/api/v1/auth/logout', { body: { refresh } });
        } catch (error) {
          // The tokens are forgotten anyway (session machine); a failure is only worth a log line.
          console.warn('Sign-out not confirmed by the server:', error);
        }
        return undefined;
      }),
      clearSession: fromPromise(async () => {
        const refresh = storage.getRefresh();
        storage.clear();
        return refresh;
      }),
      deleteAccount: fromPromise<undefined, { id: number }>(async ({ input }) => {
        await api.DELETE('/api/v1/users/{id}/delete', { params: { path: { id: input.id } } });
        return undefined;
      }),
    },
  });

  // Created on restore(), not here: the inspector connects first and must see it being born.
  let actor: Actor<typeof machine> | undefined;
  let state: SessionState = LOADING;
  const listeners = new Set<() => void>();

  function running(): Actor<typeof machine> {
    if (!actor) throw new Error('The session is used before restore()');
    return actor;
  }

  function settled() {
    return waitFor(running(), (snapshot) => !snapshot.hasTag(SESSION_BUSY_TAG));
  }

  /** Hands the tokens to the session machine and waits for the user they belong to. */
  async function enter(tokens: SessionTokens): Promise<CurrentUser> {
    const session = running();
    session.send({ type: 'session.login', tokens });
    if (!session.getSnapshot().matches('signingIn')) throw new Error('Already signed in');
    const snapshot = await settled();
    if (snapshot.context.user) return snapshot.context.user;
    // Spec §4: tokens cleared and user emptied by the machine; the error goes to the caller.
    throw snapshot.context.error;
  }

  return {
    // The same object until the state changes, as useSyncExternalStore requires.
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async restore() {
      if (!actor) {
        actor = createActor(machine, { inspect });
        actor.subscribe((snapshot) => {
          const next = toState(snapshot.context.user, snapshot.matches('loading'));
          if (next.status === state.status && next.user === state.user) return;
          state = next;
          for (const listener of listeners) listener();
        });
        actor.start();
      }
      await settled();
    },
    async signIn(credentials) {
      return enter(await requestTokens(credentials));
    },
    signInWithTokens: enter,
    signOut() {
      running().send({ type: 'session.logout' });
    },
    userChanged(user) {
      running().send({ type: 'session.userUpdated', user });
    },
    async signUp(payload) {
      const { response } = await api.POST('/api/v1/auth/signup', { body: payload });
      // Spec §7: 200 or 201 is success; the middleware has already refused any failure.
      if (response.status !== 200 && response.status !== 201) {
        throw new ApiError({ kind: 'http', status: response.status });
      }
    },
    async deleteAccount() {
      const session = running();
      session.send({ type: 'session.deleteAccount' });
      if (!session.getSnapshot().matches('deletingAccount')) return false;
      const snapshot = await settled();
      if (!snapshot.context.user) return true;
      // Spec §8: account deletion failure is logged only.
      console.warn('Account deletion failed:', snapshot.context.error);
      return false;
    },
  };
}

export const session = createSession(apiClient);
