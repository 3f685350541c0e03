import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../openapi/schema';

export type SessionUser = components['schemas']['User'];
export type SessionTokens = components['schemas']['TokenPair'];

export interface SessionContext {
  user: SessionUser | null;
  /** Why the last sign-in or account deletion failed; the session surface rethrows or logs it. */
  error: unknown;
}

export type SessionEvent =
  | { type: 'session.login'; tokens: SessionTokens }
  | { type: 'session.logout' }
  | { type: 'session.deleteAccount' }
  | { type: 'session.userUpdated'; user: SessionUser };

/** How long sign-out waits for the server to end the session before forgetting it anyway. */
export const REVOKE_TIMEOUT_MS = 5000;

/** States in which the session is between two settled answers (signed in or out). */
export const SESSION_BUSY_TAG = 'busy';

/**
 * The session of spec §4. Storage and the current-user call live in actors the app provides
 * (`src/api/session.ts`), so the chart itself stays free of I/O and can be stepped through in the
 * inspector or driven by tests.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    tags: {} as typeof SESSION_BUSY_TAG,
  },
  actors: {
    /** The user of the stored access token; null when no token is stored. */
    restoreSession: fromPromise<SessionUser | null>(async () => {
      throw new Error('restoreSession is provided by the app');
    }),
    /** Stores both tokens, then loads the user they belong to. */
    storeSession: fromPromise<SessionUser, SessionTokens>(async () => {
      throw new Error('storeSession is provided by the app');
    }),
    /** Asks the server to end the session of this refresh token (POST /auth/logout). */
    revokeSession: fromPromise<undefined, { refresh: string }>(async () => {
      throw new Error('revokeSession is provided by the app');
    }),
    /** Removes both tokens; answers the refresh token that was stored (null when none). */
    clearSession: fromPromise<string | null>(async () => {
      throw new Error('clearSession is provided by the app');
    }),
    /** DELETE /users/{id}/delete for the signed-in user themself. */
    deleteAccount: fromPromise<undefined, { id: number }>(async () => {
      throw new Error('deleteAccount is provided by the app');
    }),
  },
  actions: {
    setUser: assign({ user: (_, user: SessionUser) => user, error: null }),
    forgetUser: assign({ user: null }),
    recordError: assign({ error: (_, error: unknown) => error }),
    clearError: assign({ error: null }),
  },
  guards: {
    hasUser: (_, user: SessionUser | null) => user !== null,
    hasRefreshToken: (_, refresh: string | null) => refresh !== null,
  },
}).createMachine({
  id: 'session',
  context: { user: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: SESSION_BUSY_TAG,
      invoke: {
        src: 'restoreSession',
        onDone: [
          {
            guard: { type: 'hasUser', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: {
              type: 'setUser',
              // The guard has just checked that the output is a user.
              params: ({ event }) => event.output as SessionUser,
            },
          },
          { target: 'signedOut' },
        ],
        // Spec §4: a failed start check removes both tokens.
        onError: { target: 'clearing' },
      },
    },
    signedOut: {
      on: {
        'session.login': { target: 'signingIn', actions: 'clearError' },
      },
    },
    signingIn: {
      tags: SESSION_BUSY_TAG,
      invoke: {
        src: 'storeSession',
        input: ({ event }) => {
          if (event.type !== 'session.login') throw new Error(`Unexpected ${event.type}`);
          return event.tokens;
        },
        onDone: {
          target: 'signedIn',
          actions: { type: 'setUser', params: ({ event }) => event.output },
        },
        // Spec §4: half a session is worse than none; the error goes back to the caller.
        onError: {
          target: 'clearing',
          actions: {
            type: 'recordError',
            params: ({ event }: { event: { error: unknown } }) => event.error,
          },
        },
      },
    },
    signedIn: {
      on: {
        'session.logout': { target: 'endingSession' },
        'session.deleteAccount': { target: 'deletingAccount', actions: 'clearError' },
        // The account's own changes (Settings) answer the updated user.
        'session.userUpdated': {
          actions: { type: 'setUser', params: ({ event }) => event.user },
        },
      },
    },
    endingSession: {
      tags: SESSION_BUSY_TAG,
      // Spec §4: logout clears both tokens and the user before anything else, so no moment
      // shows /login while the tokens are still stored.
      entry: 'forgetUser',
      invoke: {
        src: 'clearSession',
        onDone: [
          {
            guard: { type: 'hasRefreshToken', params: ({ event }) => event.output },
            target: 'revokingSession',
          },
          { target: 'signedOut' },
        ],
        // Nothing more can be done: the user is already forgotten in memory.
        onError: { target: 'signedOut' },
      },
    },
    revokingSession: {
      // Issue 13: the server ends the session too, so a copied token is useless. Not busy: the
      // user and both tokens are already gone, so the session is settled as signed out, and
      // signing in again need not wait for the answer.
      invoke: {
        src: 'revokeSession',
        // Entered only from endingSession, whose guard has checked the token is there.
        input: ({ event }) => {
          if (!('output' in event) || typeof event.output !== 'string') {
            throw new Error(`Unexpected ${event.type}`);
          }
          return { refresh: event.output };
        },
        onDone: { target: 'signedOut' },
        onError: { target: 'signedOut' },
      },
      after: { [REVOKE_TIMEOUT_MS]: { target: 'signedOut' } },
      on: {
        'session.login': { target: 'signingIn', actions: 'clearError' },
      },
    },
    deletingAccount: {
      tags: SESSION_BUSY_TAG,
      invoke: {
        src: 'deleteAccount',
        input: ({ context }) => ({ id: context.user?.id ?? -1 }),
        // Spec §2: a deleted account is signed out.
        onDone: { target: 'clearing' },
        // Spec §8: a failed deletion is only logged; the user stays signed in.
        onError: {
          target: 'signedIn',
          actions: {
            type: 'recordError',
            params: ({ event }: { event: { error: unknown } }) => event.error,
          },
        },
      },
    },
    clearing: {
      tags: SESSION_BUSY_TAG,
      // The user is gone at once, so nothing shows them while the tokens are being removed.
      entry: 'forgetUser',
      invoke: {
        src: 'clearSession',
        onDone: { target: 'signedOut' },
        // Nothing more can be done: the user is already forgotten in memory.
        onError: { target: 'signedOut' },
      },
    },
  },
});
