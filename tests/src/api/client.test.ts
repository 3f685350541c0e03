import { HttpResponse, delay, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { answerOf } from '../../../src/api/answer';
import { createApiClient } from '../../../src/api/client';
import { ApiError } from '../../../domain/api-error';
import { TEST_ORIGIN, apiUrl, setupMswServer } from '../../helpers/msw';
import { aUser, storeTokens } from '../../helpers/web-fixtures';

const server = setupMswServer();

const ME = apiUrl('/api/v1/user/me');
const REFRESH = apiUrl('/api/v1/auth/refresh/');
const LOGIN = apiUrl('/api/v1/auth/login');
const unauthorized = () => HttpResponse.json({ detail: 'Token expired' }, { status: 401 });

const rejection = (call: Promise<unknown>): Promise<unknown> =>
  call.then(
    () => 'resolved',
    (error: unknown) => error,
  );

function setup() {
  const onAuthFailure = vi.fn<(reason: Error) => void>();
  const client = createApiClient({ baseUrl: TEST_ORIGIN, onAuthFailure });
  return { client, onAuthFailure };
}

/**
 * /user/me accepts only `Bearer <valid>`; refresh spends `refresh-1` and hands out `valid` with
 * its successor `refresh-2` (issue 13: refresh tokens are single use).
 */
function acceptOnly(valid: string) {
  const calls = { me: 0, refresh: 0 };
  server.use(
    http.get(ME, ({ request }) => {
      calls.me += 1;
      const ok = request.headers.get('Authorization') === `Bearer ${valid}`;
      return ok ? HttpResponse.json(aUser()) : unauthorized();
    }),
    http.post(REFRESH, async ({ request }) => {
      calls.refresh += 1;
      const body = (await request.json()) as { refresh?: string };
      if (body.refresh !== 'refresh-1') return unauthorized();
      await delay(20);
      return HttpResponse.json({ access: valid, refresh: 'refresh-2' });
    }),
  );
  return calls;
}

describe('api client', () => {
  it('sends the stored access token as a bearer header', async () => {
    storeTokens('access-1');
    acceptOnly('access-1');
    const { client } = setup();

    const { data } = await client.GET('/api/v1/user/me');

    expect(data?.username).toBe('ada');
  });

  it('sends no Authorization header when no token is stored', async () => {
    let header: string | null = 'unset';
    server.use(
      http.get(apiUrl('/api/v1/health'), ({ request }) => {
        header = request.headers.get('Authorization');
        return HttpResponse.json({ status: 'ok', database: 'pglite' });
      }),
    );
    const { client } = setup();

    await client.GET('/api/v1/health');

    expect(header).toBeNull();
  });

  it('on a 401 refreshes once, stores both new tokens and repeats the request', async () => {
    storeTokens('stale');
    const calls = acceptOnly('fresh');
    const { client, onAuthFailure } = setup();

    const { data } = await client.GET('/api/v1/user/me');

    expect(data?.username).toBe('ada');
    expect(calls).toEqual({ me: 2, refresh: 1 });
    expect(window.localStorage.getItem('access')).toBe('fresh');
    // The one sent is spent: keeping it would end the session at the next refresh.
    expect(window.localStorage.getItem('refresh')).toBe('refresh-2');
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('repeats a request together with its body', async () => {
    storeTokens('stale');
    acceptOnly('fresh');
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('/api/v1/users/:id/assign'), async ({ request }) => {
        bodies.push(await request.json());
        if (request.headers.get('Authorization') !== 'Bearer fresh') return unauthorized();
        return HttpResponse.json(aUser({ bridges: [3, 4] }));
      }),
    );
    const { client } = setup();

    const { data } = await client.POST('/api/v1/users/{id}/assign', {
      params: { path: { id: 7 } },
      body: { bridge_ids: [3, 4] },
    });

    expect(data?.bridges).toEqual([3, 4]);
    expect(bodies).toEqual([{ bridge_ids: [3, 4] }, { bridge_ids: [3, 4] }]);
  });

  it('shares one refresh between requests that fail at the same time', async () => {
    storeTokens('stale');
    const calls = acceptOnly('fresh');
    const { client } = setup();

    const results = await Promise.all([
      client.GET('/api/v1/user/me'),
      client.GET('/api/v1/user/me'),
      client.GET('/api/v1/user/me'),
    ]);

    expect(results.map((result) => result.data?.username)).toEqual(['ada', 'ada', 'ada']);
    expect(calls.refresh).toBe(1);
  });

  it('repeats only once: a second 401 after the refresh is the failure', async () => {
    storeTokens('stale');
    const calls = acceptOnly('never-accepted');
    server.use(http.get(ME, () => (calls.me++, unauthorized())));
    const { client, onAuthFailure } = setup();

    const failure = await rejection(client.GET('/api/v1/user/me'));

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'http', status: 401, detail: 'Token expired' });
    expect(calls).toEqual({ me: 2, refresh: 1 });
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('when the refresh is refused, removes both tokens and sends the visitor to sign in', async () => {
    storeTokens('stale', 'revoked');
    const calls = acceptOnly('fresh');
    const { client, onAuthFailure } = setup();

    const failure = await rejection(client.GET('/api/v1/user/me'));

    expect(failure).toMatchObject({ kind: 'http', status: 401 });
    expect(calls).toEqual({ me: 1, refresh: 1 });
    expect(window.localStorage.getItem('access')).toBeNull();
    expect(window.localStorage.getItem('refresh')).toBeNull();
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('signs out only once when several requests fail together', async () => {
    storeTokens('stale', 'revoked');
    acceptOnly('fresh');
    const { client, onAuthFailure } = setup();

    await Promise.all([
      rejection(client.GET('/api/v1/user/me')),
      rejection(client.GET('/api/v1/user/me')),
    ]);

    expect(onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('without a refresh token, fails with "No refresh token available" and signs out', async () => {
    window.localStorage.setItem('access', 'stale');
    const calls = acceptOnly('fresh');
    const { client, onAuthFailure } = setup();

    const failure = await rejection(client.GET('/api/v1/user/me'));

    expect(failure).toMatchObject({ kind: 'http', status: 401 });
    expect(calls.refresh).toBe(0);
    expect(window.localStorage.getItem('access')).toBeNull();
    expect(onAuthFailure).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ message: 'No refresh token available' }),
    );
  });

  it('sends logout without a bearer header and never refreshes for it', async () => {
    storeTokens('stale', 'refresh-1');
    const calls = acceptOnly('fresh');
    let seen: { authorization: string | null; body: unknown } | undefined;
    server.use(
      http.post(apiUrl('/api/v1/auth/logout'), async ({ request }) => {
        seen = { authorization: request.headers.get('Authorization'), body: await request.json() };
        return HttpResponse.json({ detail: 'Boom' }, { status: 401 });
      }),
    );
    const { client, onAuthFailure } = setup();

    const failure = await rejection(
      client.POST('/api/v1/auth/logout', { body: { refresh: 'refresh-1' } }),
    );

    expect(failure).toMatchObject({ status: 401, detail: 'Boom' });
    expect(seen).toEqual({ authorization: null, body: { refresh: 'refresh-1' } });
    expect(calls.refresh).toBe(0);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('never refreshes for a refused login', async () => {
    storeTokens('stale');
    const calls = acceptOnly('fresh');
    let authorization: string | null = 'unset';
    server.use(
      http.post(LOGIN, ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({ detail: 'Wrong email or password' }, { status: 401 });
      }),
    );
    const { client, onAuthFailure } = setup();

    const failure = await rejection(
      client.POST('/api/v1/auth/login', {
        body: { email: 'ada@example.test', password: 'not-the-password' },
      }),
    );

    expect(failure).toMatchObject({ status: 401, detail: 'Wrong email or password' });
    expect(authorization).toBeNull();
    expect(calls.refresh).toBe(0);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  describe('failures', () => {
    it('a refusal naming a field carries the field and its reason', async () => {
      server.use(
        http.post(apiUrl('/api/v1/auth/signup'), () =>
          HttpResponse.json(
            { detail: 'email: a user with this email already exists' },
            { status: 400 },
          ),
        ),
      );
      const { client } = setup();

      const failure = await rejection(
        client.POST('/api/v1/auth/signup', {
          body: {
            username: 'ada',
            email: 'ada@example.test',
            password: 'Secret-123',
            company: 'Acme',
            address: 'Main St 1',
          },
        }),
      );

      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({
        kind: 'http',
        status: 400,
        message: 'email: a user with this email already exists',
        field: 'email',
        reason: 'a user with this email already exists',
      });
    });

    it('an answer without a detail still says which status came back', async () => {
      server.use(http.get(ME, () => new HttpResponse('Bad gateway', { status: 502 })));
      storeTokens('access-1');
      const { client } = setup();

      const failure = await rejection(client.GET('/api/v1/user/me'));

      expect(failure).toMatchObject({ kind: 'http', status: 502, detail: undefined });
      expect((failure as ApiError).message).toBe('The server answered 502');
    });

    it('a repeat after the refresh that gets no answer is a network failure', async () => {
      storeTokens('stale');
      const calls = acceptOnly('fresh');
      server.use(
        http.get(ME, ({ request }) => {
          calls.me += 1;
          return request.headers.get('Authorization') === 'Bearer fresh'
            ? HttpResponse.error()
            : unauthorized();
        }),
      );
      const { client } = setup();

      const failure = await rejection(client.GET('/api/v1/user/me'));

      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({ kind: 'network', status: undefined });
      expect(calls).toEqual({ me: 2, refresh: 1 });
    });

    it.each([
      ['without a length', {}],
      ['with its length', { 'Content-Length': '9' }],
    ])('a success whose body is not JSON (%s) is an invalid response', async (_case, headers) => {
      server.use(
        http.get(
          ME,
          () =>
            new HttpResponse('{not json', {
              status: 200,
              headers: { 'Content-Type': 'application/json', ...headers },
            }),
        ),
      );
      storeTokens('access-1');
      const { client } = setup();

      const failure = await rejection(client.GET('/api/v1/user/me'));

      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({ kind: 'invalid-response', status: 200 });
      expect((failure as ApiError).message).toBe('The server answered in an unexpected form');
    });

    it("a success whose body is not JSON is told as the screen's own failure text", async () => {
      server.use(http.get(ME, () => new HttpResponse('{not json', { status: 200 })));
      storeTokens('access-1');
      const { client } = setup();

      const failure = await rejection(
        answerOf(client.GET('/api/v1/user/me'), 'Your profile could not be loaded'),
      );

      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({
        kind: 'invalid-response',
        message: 'Your profile could not be loaded',
      });
    });

    it('a success with an empty body still resolves, without data', async () => {
      server.use(http.get(ME, () => new HttpResponse(null, { status: 200 })));
      storeTokens('access-1');
      const { client } = setup();

      const { data, response } = await client.GET('/api/v1/user/me');

      expect(data).toBeUndefined();
      expect(response.status).toBe(200);
    });

    it('no answer at all is a network failure', async () => {
      server.use(http.get(ME, () => HttpResponse.error()));
      storeTokens('access-1');
      const { client } = setup();

      const failure = await rejection(client.GET('/api/v1/user/me'));

      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({ kind: 'network', status: undefined });
    });
  });
});
