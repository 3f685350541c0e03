import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, setupMswServer } from '../../helpers/msw';
import { renderApp } from '../../helpers/render-app';
import { aUser, storeTokens } from '../../helpers/web-fixtures';

const server = setupMswServer();

// The map screen behind sign-in asks for the bridges; none is enough here.
beforeEach(() => {
  server.use(http.get(apiUrl('/api/v1/bridges'), () => HttpResponse.json([])));
});

function signedInAs(user = aUser()) {
  storeTokens();
  server.use(http.get(apiUrl('/api/v1/user/me'), () => HttpResponse.json(user)));
}

const welcome = () => screen.findByRole('heading', { level: 1, name: 'Welcome to SpanWatch' });

describe('route guards (spec §2)', () => {
  it.each(['/map', '/dashboard', '/bridges', '/users'])(
    'send a signed-out visitor from %s to /login',
    async (path) => {
      const { router } = await renderApp(path);

      expect(await welcome()).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it('send a visitor whose stored session is refused from /map to /login, tokens removed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    storeTokens('expired', 'expired-too');
    server.use(
      http.get(apiUrl('/api/v1/user/me'), () =>
        HttpResponse.json({ detail: 'Token expired' }, { status: 401 }),
      ),
      http.post(apiUrl('/api/v1/auth/refresh/'), () =>
        HttpResponse.json({ detail: 'Invalid or expired refresh token' }, { status: 401 }),
      ),
    );
    const { router } = await renderApp('/map');

    expect(await welcome()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('access')).toBeNull();
    expect(window.localStorage.getItem('refresh')).toBeNull();
  });

  it.each(['/login', '/signup'])(
    'send a signed-in user from %s to /dashboard, which without a bridge goes on to /map',
    async (path) => {
      signedInAs();
      const { router } = await renderApp(path);

      await waitFor(() => expect(router.state.location.pathname).toBe('/map'));
    },
  );

  it('send a signed-in user who is not staff from /users to /map', async () => {
    signedInAs(aUser({ is_staff: false }));
    const { router } = await renderApp('/users');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bridge Locations' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/map');
  });

  it('let staff open /users', async () => {
    signedInAs(aUser({ is_staff: true }));
    server.use(http.get(apiUrl('/api/v1/users'), () => HttpResponse.json([])));
    await renderApp('/users');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'User Management' }),
    ).toBeInTheDocument();
  });

  it('leave public pages open to everyone', async () => {
    await renderApp('/solutions/real-time-capacity-tracking');

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Structural Condition Forecast Modeling',
      }),
    ).toBeInTheDocument();
  });
});

describe('signed-in frame', () => {
  it('names the user and signs out to /login', async () => {
    signedInAs();
    const { router } = await renderApp('/map');

    expect(await screen.findByText('Bridge Management System')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Signed in as ada');

    server.use(
      http.post(apiUrl('/api/v1/auth/logout'), () => new HttpResponse(null, { status: 204 })),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await welcome()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(window.localStorage.getItem('access')).toBeNull());
    expect(window.localStorage.getItem('refresh')).toBeNull();
  });
});
