import { HttpResponse, http } from 'msw';
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { createSession } from '../../../src/api/session';
import { type TokenStorage, tokenStorage } from '../../../src/api/token-storage';
import { ApiError } from '../../../domain/api-error';
import { TEST_ORIGIN, apiUrl, setupMswServer } from '../../helpers/msw';
import { aUser, storeTokens } from '../../helpers/web-fixtures';

const server = setupMswServer();
const ME = apiUrl('/api/v1/user/me');
const LOGIN = apiUrl('/api/v1/auth/login');
const SIGNUP = apiUrl('/api/v1/auth/signup');
const DELETE_ME = apiUrl('/api/v1/users/7/delete');
const LOGOUT = apiUrl('/api/v1/auth/logout');
const CREDENTIALS = { email: 'ada@example.test', password: 'secret-123' };

function setup(storage: TokenStorage = tokenStorage) {
  const api = createApiClient({ baseUrl: TEST_ORIGIN, onAuthFailure: () => undefined });
  return {
    session: createSession(api, storage, { inspect: () => undefined, startCheckRetryMs: 10 }),
  };
}

async function signedInSession() {
  storeTokens();
  server.use(http.get(ME, () => HttpResponse.json(aUser())));
  const { session } = setup();
  await session.restore();
  return session;
}

beforeEach(() => {
  // Failed checks are logged by design (spec §8); keep the test output quiet.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('session', () => {
  it('starts loading, and is signed out without a stored token', async () => {
    const { session } = setup();
    expect(session.getState().status).toBe('loading');

    await session.restore();

    expect(session.getState()).toEqual({ status: 'signed-out', user: null });
  });

  it('restores the user from a stored token', async () => {
    const session = await signedInSession();

    expect(session.getState()).toEqual({ status: 'signed-in', user: aUser() });
  });

  it('drops both tokens when the stored session is refused, and logs it', async () => {
    storeTokens('stale', 'refresh-gone');
    server.use(
      http.get(ME, () => HttpResponse.json({ detail: 'Expired' }, { status: 401 })),
      http.post(apiUrl('/api/v1/auth/refresh/'), () =>
        HttpResponse.json({ detail: 'Invalid or expired refresh token' }, { status: 401 }),
      ),
    );
    const { session } = setup();

    await session.restore();

    expect(session.getState().status).toBe('signed-out');
    expect(window.localStorage.getItem('access')).toBeNull();
    expect(window.localStorage.getItem('refresh')).toBeNull();
    expect(console.warn).toHaveBeenCalledWith('Stored session rejected:', expect.any(ApiError));
  });

  it('keeps the tokens when the start check gets no answer, and asks again', async () => {
    // What a reload in the middle of the check looks like from inside the page: the request
    // fails without any answer from the server.
    storeTokens();
    let calls = 0;
    server.use(
      http.get(ME, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json(aUser());
      }),
    );
    const { session } = setup();
    await session.restore();

    expect(calls).toBe(2);
    expect(session.getState()).toEqual({ status: 'signed-in', user: aUser() });
    expect(window.localStorage.getItem('access')).not.toBeNull();
    expect(window.localStorage.getItem('refresh')).not.toBeNull();
  });

  it('gives the session up after three checks without an answer', async () => {
    storeTokens();
    let calls = 0;
    server.use(
      http.get(ME, () => {
        calls += 1;
        return HttpResponse.error();
      }),
    );
    const { session } = setup();
    await session.restore();

    expect(calls).toBe(3);
    expect(session.getState().status).toBe('signed-out');
    expect(window.localStorage.getItem('access')).toBeNull();
  });

  it('signs in: stores both tokens, loads the user and tells subscribers', async () => {
    server.use(
      http.post(LOGIN, () => HttpResponse.json({ access: 'a', refresh: 'r' })),
      http.get(ME, ({ request }) =>
        request.headers.get('Authorization') === 'Bearer a'
          ? HttpResponse.json(aUser())
          : HttpResponse.json({ detail: 'No token' }, { status: 401 }),
      ),
    );
    const { session } = setup();
    await session.restore();
    const listener = vi.fn();
    session.subscribe(listener);

    await expect(session.signIn(CREDENTIALS)).resolves.toEqual(aUser());

    expect(session.getState()).toEqual({ status: 'signed-in', user: aUser() });
    expect(listener).toHaveBeenCalled();
    expect(window.localStorage.getItem('access')).toBe('a');
    expect(window.localStorage.getItem('refresh')).toBe('r');
  });

  it("rejects with the server's answer when the credentials are refused", async () => {
    server.use(http.post(LOGIN, () => HttpResponse.json({ detail: 'Nope' }, { status: 401 })));
    const { session } = setup();
    await session.restore();

    const failure = await session.signIn(CREDENTIALS).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, body: { detail: 'Nope' } });
    expect(session.getState().status).toBe('signed-out');
  });

  it('keeps no half session when the user cannot be loaded after sign-in', async () => {
    server.use(
      http.post(LOGIN, () => HttpResponse.json({ access: 'a', refresh: 'r' })),
      http.get(ME, () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })),
    );
    const { session } = setup();
    await session.restore();

    await expect(session.signIn(CREDENTIALS)).rejects.toMatchObject({ status: 500 });

    expect(session.getState()).toEqual({ status: 'signed-out', user: null });
    expect(window.localStorage.getItem('access')).toBeNull();
    expect(window.localStorage.getItem('refresh')).toBeNull();
  });

  it('clears the tokens and rethrows when storing them fails', async () => {
    server.use(http.post(LOGIN, () => HttpResponse.json({ access: 'a', refresh: 'r' })));
    const quota = new Error('QuotaExceededError');
    const cleared = vi.fn();
    const { session } = setup({
      ...tokenStorage,
      setTokens: () => {
        throw quota;
      },
      clear: cleared,
    });
    await session.restore();

    await expect(session.signIn(CREDENTIALS)).rejects.toBe(quota);

    expect(cleared).toHaveBeenCalledOnce();
    expect(session.getState()).toEqual({ status: 'signed-out', user: null });
  });

  it('tells a network failure (no HTTP answer) from a refusal', async () => {
    server.use(http.post(LOGIN, () => HttpResponse.error()));
    const { session } = setup();
    await session.restore();

    const failure = await session.signIn(CREDENTIALS).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'network', status: undefined });
  });

  it('signs out: forgets the user at once, ends the session on the server, clears the tokens', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(LOGOUT, async ({ request }) => {
        sent.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const session = await signedInSession();

    session.signOut();

    expect(session.getState()).toEqual({ status: 'signed-out', user: null });
    await waitFor(() => expect(window.localStorage.getItem('access')).toBeNull());
    expect(window.localStorage.getItem('refresh')).toBeNull();
    expect(sent).toEqual([{ refresh: 'refresh-1' }]);
  });

  it('has removed both tokens while the server is still answering the logout', async () => {
    let answerLogout: () => void = () => undefined;
    const logoutReceived = vi.fn();
    server.use(
      http.post(LOGOUT, async () => {
        logoutReceived();
        await new Promise<void>((resolve) => (answerLogout = resolve));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const session = await signedInSession();

    session.signOut();
    await waitFor(() => expect(logoutReceived).toHaveBeenCalled());

    expect(window.localStorage.getItem('access')).toBeNull();
    expect(window.localStorage.getItem('refresh')).toBeNull();
    expect(session.getState()).toEqual({ status: 'signed-out', user: null });
    answerLogout();
  });

  it.each([
    ['refuses', () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })],
    ['cannot be reached', () => HttpResponse.error()],
  ])('signs out all the same when the server %s', async (_, answer) => {
    server.use(http.post(LOGOUT, answer));
    const session = await signedInSession();

    session.signOut();

    await waitFor(() => expect(window.localStorage.getItem('refresh')).toBeNull());
    expect(window.localStorage.getItem('access')).toBeNull();
    expect(session.getState().status).toBe('signed-out');
  });

  it('signs up with the five fields and accepts 201', async () => {
    let sent: unknown;
    server.use(
      http.post(SIGNUP, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(aUser(), { status: 201 });
      }),
    );
    const { session } = setup();
    const payload = {
      username: 'ada',
      email: 'ada@example.test',
      password: 'correct-horse',
      company: 'Northern Spans Ltd',
      address: '1 Harbour Road',
    };

    await expect(session.signUp(payload)).resolves.toBeUndefined();
    expect(sent).toEqual(payload);
  });

  it('rejects a refused sign-up with the status and body', async () => {
    server.use(
      http.post(SIGNUP, () => HttpResponse.json({ detail: 'email: taken' }, { status: 400 })),
    );
    const { session } = setup();

    await expect(
      session.signUp({
        username: 'ada',
        email: 'a@b.c',
        password: '12345678',
        company: 'C',
        address: 'A',
      }),
    ).rejects.toMatchObject({ status: 400, body: { detail: 'email: taken' } });
  });

  it('deletes the signed-in account, then signs out', async () => {
    const session = await signedInSession();
    let deletedWith: string | null = null;
    server.use(
      http.delete(DELETE_ME, ({ request }) => {
        deletedWith = request.headers.get('Authorization');
        return new HttpResponse(null, { status: 204 });
      }),
    );

    await expect(session.deleteAccount()).resolves.toBe(true);

    expect(deletedWith).toBe('Bearer access-1');
    expect(session.getState().status).toBe('signed-out');
    expect(window.localStorage.getItem('access')).toBeNull();
  });

  it('keeps the user signed in when deletion fails, and only logs it', async () => {
    const session = await signedInSession();
    server.use(
      http.delete(DELETE_ME, () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })),
    );

    await expect(session.deleteAccount()).resolves.toBe(false);

    expect(session.getState()).toEqual({ status: 'signed-in', user: aUser() });
    expect(window.localStorage.getItem('access')).toBe('access-1');
    expect(console.warn).toHaveBeenCalledWith('Account deletion failed:', expect.any(ApiError));
  });
});
