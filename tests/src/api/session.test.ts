import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { createSession } from '../../../src/api/session';
import { TEST_ORIGIN, apiUrl, setupMswServer } from '../../helpers/msw';
import { aUser, storeTokens } from '../../helpers/web-fixtures';

const server = setupMswServer();
const ME = apiUrl('/api/v1/user/me');
const LOGIN = apiUrl('/api/v1/auth/login');

function setup() {
  const onAuthFailure = vi.fn<(reason: Error) => void>();
  return { session: createSession(createApiClient({ baseUrl: TEST_ORIGIN, onAuthFailure })) };
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
    storeTokens();
    server.use(http.get(ME, () => HttpResponse.json(aUser())));
    const { session } = setup();

    await session.restore();

    expect(session.getState()).toEqual({ status: 'signed-in', user: aUser() });
  });

  it('drops both tokens when the stored session is refused', async () => {
    window.localStorage.setItem('access', 'stale');
    server.use(http.get(ME, () => HttpResponse.json({ detail: 'Expired' }, { status: 401 })));
    const { session } = setup();

    await session.restore();

    expect(session.getState().status).toBe('signed-out');
    expect(window.localStorage.getItem('access')).toBeNull();
  });

  it('signs in: stores both tokens and loads the user', async () => {
    server.use(
      http.post(LOGIN, () => HttpResponse.json({ access: 'a', refresh: 'r' })),
      http.get(ME, () => HttpResponse.json(aUser())),
    );
    const { session } = setup();
    const listener = vi.fn();
    session.subscribe(listener);

    const result = await session.signIn({ email: 'ada@example.test', password: 'secret-123' });

    expect(result).toEqual({ ok: true, user: aUser() });
    expect(session.getState().status).toBe('signed-in');
    expect(listener).toHaveBeenCalled();
    expect(window.localStorage.getItem('access')).toBe('a');
    expect(window.localStorage.getItem('refresh')).toBe('r');
  });

  it('keeps no half session when the user cannot be loaded after sign-in', async () => {
    server.use(
      http.post(LOGIN, () => HttpResponse.json({ access: 'a', refresh: 'r' })),
      http.get(ME, () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })),
    );
    const { session } = setup();

    const result = await session.signIn({ email: 'ada@example.test', password: 'secret-123' });

    expect(result.ok).toBe(false);
    expect(session.getState().status).toBe('signed-out');
    expect(window.localStorage.getItem('access')).toBeNull();
  });

  it('reports a network failure as an unexpected error', async () => {
    server.use(http.post(LOGIN, () => HttpResponse.error()));
    const { session } = setup();

    const result = await session.signIn({ email: 'ada@example.test', password: 'secret-123' });

    expect(result).toEqual({ ok: false, message: 'An unexpected error occurred' });
  });

  it('signs out: clears the tokens and the user', async () => {
    storeTokens();
    server.use(http.get(ME, () => HttpResponse.json(aUser())));
    const { session } = setup();
    await session.restore();

    session.signOut();

    expect(session.getState()).toEqual({ status: 'signed-out', user: null });
    expect(window.localStorage.getItem('refresh')).toBeNull();
  });
});
