import { SimulatedClock, createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  REVOKE_TIMEOUT_MS,
  SESSION_BUSY_TAG,
  type SessionTokens,
  type SessionUser,
  sessionMachine,
} from '../../machines/session.machine';

const ADA: SessionUser = {
  id: 7,
  username: 'ada',
  email: 'ada@example.test',
  is_staff: false,
  is_company_admin: false,
  company: 'Northern Spans Ltd',
  company_id: 1,
  address: '1 Harbour Road',
  companyUsername: null,
  has_company_password: false,
  bridges: [],
  datastreams: [],
};
const TOKENS: SessionTokens = { access: 'a-1', refresh: 'r-1' };

interface Fakes {
  restore?: () => Promise<SessionUser | null>;
  store?: (tokens: SessionTokens) => Promise<SessionUser>;
  deleteAccount?: (id: number) => Promise<void>;
  revoke?: () => Promise<void>;
  /** The refresh token the fake storage held when it was cleared (default r-1). */
  storedRefresh?: string | null;
}

// The fake token store records what the machine asked for, in order.
function start(fakes: Fakes = {}, clock?: SimulatedClock) {
  const log: string[] = [];
  const machine = sessionMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => {
        log.push('restore');
        return (fakes.restore ?? (async () => null))();
      }),
      storeSession: fromPromise<SessionUser, SessionTokens>(async ({ input }) => {
        log.push(`store ${input.access} ${input.refresh}`);
        return (fakes.store ?? (async () => ADA))(input);
      }),
      revokeSession: fromPromise<undefined, { refresh: string }>(async ({ input }) => {
        log.push(`revoke ${input.refresh}`);
        await (fakes.revoke ?? (async () => undefined))();
        return undefined;
      }),
      clearSession: fromPromise(async () => {
        log.push('clear');
        return fakes.storedRefresh === undefined ? 'r-1' : fakes.storedRefresh;
      }),
      deleteAccount: fromPromise<undefined, { id: number }>(async ({ input }) => {
        log.push(`delete ${input.id}`);
        await (fakes.deleteAccount ?? (async () => undefined))(input.id);
        return undefined;
      }),
    },
  });
  const actor = createActor(machine, clock ? { clock } : {}).start();
  return { actor, log };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function signedIn(fakes: Fakes = {}, clock?: SimulatedClock) {
  const started = start({ restore: async () => ADA, ...fakes }, clock);
  await flush();
  return started;
}

describe('session machine', () => {
  it('starts loading (busy) and checks the stored token', () => {
    const { actor, log } = start({ restore: () => new Promise(() => undefined) });

    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().hasTag(SESSION_BUSY_TAG)).toBe(true);
    expect(log).toEqual(['restore']);
  });

  it('is signed out without a stored token, and clears nothing', async () => {
    const { actor, log } = start({ restore: async () => null });
    await flush();

    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(log).toEqual(['restore']);
  });

  it('is signed in with the user of a valid stored token', async () => {
    const { actor } = await signedIn();

    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().hasTag(SESSION_BUSY_TAG)).toBe(false);
    expect(actor.getSnapshot().context.user).toEqual(ADA);
  });

  it('removes both tokens when the start check fails', async () => {
    const { actor, log } = start({ restore: async () => Promise.reject(new Error('401')) });
    await flush();

    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(log).toEqual(['restore', 'clear']);
  });

  it('ignores login, logout and deletion while loading', () => {
    const { actor, log } = start({ restore: () => new Promise(() => undefined) });
    actor.send({ type: 'session.login', tokens: TOKENS });
    actor.send({ type: 'session.logout' });
    actor.send({ type: 'session.deleteAccount' });

    expect(actor.getSnapshot().value).toBe('loading');
    expect(log).toEqual(['restore']);
  });

  it('login stores both tokens, then sets the user', async () => {
    const { actor, log } = start();
    await flush();
    actor.send({ type: 'session.login', tokens: TOKENS });

    expect(actor.getSnapshot().value).toBe('signingIn');
    expect(actor.getSnapshot().hasTag(SESSION_BUSY_TAG)).toBe(true);
    await flush();

    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context).toEqual({ user: ADA, error: null });
    expect(log).toEqual(['restore', 'store a-1 r-1']);
  });

  it('when storing fails: clears the tokens, empties the user and keeps the error', async () => {
    const failure = new Error('QuotaExceededError');
    const { actor, log } = start({ store: async () => Promise.reject(failure) });
    await flush();
    actor.send({ type: 'session.login', tokens: TOKENS });
    await flush();

    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context).toEqual({ user: null, error: failure });
    expect(log).toEqual(['restore', 'store a-1 r-1', 'clear']);
  });

  it('ignores logout and deletion when signed out', async () => {
    const { actor, log } = start();
    await flush();
    actor.send({ type: 'session.logout' });
    actor.send({ type: 'session.deleteAccount' });

    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(log).toEqual(['restore']);
  });

  it('ignores a second login while one is being stored, and a login when signed in', async () => {
    const { actor, log } = start();
    await flush();
    actor.send({ type: 'session.login', tokens: TOKENS });
    actor.send({ type: 'session.login', tokens: { access: 'a-2', refresh: 'r-2' } });
    await flush();
    actor.send({ type: 'session.login', tokens: { access: 'a-3', refresh: 'r-3' } });

    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(log).toEqual(['restore', 'store a-1 r-1']);
  });

  it('logout forgets the user and clears both tokens first, then has the server end the session', async () => {
    const { actor, log } = await signedIn();
    actor.send({ type: 'session.logout' });

    expect(actor.getSnapshot().value).toBe('endingSession');
    expect(actor.getSnapshot().hasTag(SESSION_BUSY_TAG)).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
    await flush();

    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(log).toEqual(['restore', 'clear', 'revoke r-1']);
  });

  it('has both tokens cleared while the server is still ending the session (spec §4)', async () => {
    const { actor, log } = await signedIn({ revoke: () => new Promise(() => undefined) });
    actor.send({ type: 'session.logout' });
    await flush();

    expect(actor.getSnapshot().value).toBe('revokingSession');
    expect(actor.getSnapshot().hasTag(SESSION_BUSY_TAG)).toBe(false);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(log).toEqual(['restore', 'clear', 'revoke r-1']);
  });

  it('asks the server nothing when no refresh token was stored', async () => {
    const { actor, log } = await signedIn({ storedRefresh: null });
    actor.send({ type: 'session.logout' });
    await flush();

    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(log).toEqual(['restore', 'clear']);
  });

  it('clears both tokens even when the server does not confirm the logout', async () => {
    const { actor, log } = await signedIn({
      revoke: async () => {
        throw new Error('Network down');
      },
    });
    actor.send({ type: 'session.logout' });
    await flush();

    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(log).toEqual(['restore', 'clear', 'revoke r-1']);
  });

  it('stops waiting for a server that does not answer the logout', async () => {
    const clock = new SimulatedClock();
    const { actor, log } = await signedIn({ revoke: () => new Promise(() => undefined) }, clock);
    actor.send({ type: 'session.logout' });
    await flush();
    clock.increment(REVOKE_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().value).toBe('revokingSession');

    clock.increment(1);
    await flush();

    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(log).toEqual(['restore', 'clear', 'revoke r-1']);
  });

  it('takes the updated user while signed in (Settings), and ignores it when signed out', async () => {
    const { actor } = await signedIn();
    const moved = { ...ADA, email: 'moved@example.test' };
    actor.send({ type: 'session.userUpdated', user: moved });
    expect(actor.getSnapshot().context.user).toEqual(moved);

    actor.send({ type: 'session.logout' });
    await flush();
    actor.send({ type: 'session.userUpdated', user: moved });
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('deleting the account deletes the signed-in user, then signs out', async () => {
    const { actor, log } = await signedIn();
    actor.send({ type: 'session.deleteAccount' });

    expect(actor.getSnapshot().value).toBe('deletingAccount');
    expect(actor.getSnapshot().context.user).toEqual(ADA);
    await flush();

    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(log).toEqual(['restore', 'delete 7', 'clear']);
  });

  it('a failed deletion keeps the user signed in and records why', async () => {
    const failure = new Error('500');
    const { actor, log } = await signedIn({ deleteAccount: async () => Promise.reject(failure) });
    actor.send({ type: 'session.deleteAccount' });
    await flush();

    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context).toEqual({ user: ADA, error: failure });
    expect(log).toEqual(['restore', 'delete 7']);
  });

  it('ignores logout and a second deletion while deleting', async () => {
    const { actor, log } = await signedIn({ deleteAccount: () => new Promise(() => undefined) });
    actor.send({ type: 'session.deleteAccount' });
    actor.send({ type: 'session.deleteAccount' });
    actor.send({ type: 'session.logout' });

    expect(actor.getSnapshot().value).toBe('deletingAccount');
    expect(log).toEqual(['restore', 'delete 7']);
  });

  it('ignores every event while ending the session and clearing', async () => {
    const { actor } = await signedIn();
    actor.send({ type: 'session.logout' });
    actor.send({ type: 'session.login', tokens: TOKENS });
    actor.send({ type: 'session.deleteAccount' });
    actor.send({ type: 'session.logout' });
    actor.send({ type: 'session.userUpdated', user: ADA });

    expect(actor.getSnapshot().value).toBe('endingSession');
    expect(actor.getSnapshot().context.user).toBeNull();
    await flush();
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('ignores logout, deletion and user updates while the server ends the session', async () => {
    const { actor, log } = await signedIn({ revoke: () => new Promise(() => undefined) });
    actor.send({ type: 'session.logout' });
    await flush();
    actor.send({ type: 'session.logout' });
    actor.send({ type: 'session.deleteAccount' });
    actor.send({ type: 'session.userUpdated', user: ADA });

    expect(actor.getSnapshot().value).toBe('revokingSession');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(log).toEqual(['restore', 'clear', 'revoke r-1']);
  });

  it('signs in again without waiting for the server to end the previous session', async () => {
    const { actor, log } = await signedIn({ revoke: () => new Promise(() => undefined) });
    actor.send({ type: 'session.logout' });
    await flush();
    actor.send({ type: 'session.login', tokens: TOKENS });
    await flush();

    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(log).toEqual(['restore', 'clear', 'revoke r-1', 'store a-1 r-1']);
  });

  it('can sign in again after logging out', async () => {
    const { actor } = await signedIn();
    actor.send({ type: 'session.logout' });
    await flush();
    actor.send({ type: 'session.login', tokens: TOKENS });
    await flush();

    expect(actor.getSnapshot().value).toBe('signedIn');
  });
});
