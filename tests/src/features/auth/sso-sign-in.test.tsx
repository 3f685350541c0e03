import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../../../../src/api/api-context';
import { createApiClient } from '../../../../src/api/client';
import { SsoSignIn } from '../../../../src/features/auth/sso-sign-in';
import { TEST_ORIGIN, apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { aUser } from '../../../helpers/web-fixtures';

const server = setupMswServer();
const START = apiUrl('/api/v1/auth/sso/start');
const EXCHANGE = apiUrl('/api/v1/auth/sso/exchange');
const PROVIDER = 'https://login.acme.example/authorize?client_id=spanwatch&state=s';

beforeEach(() => {
  server.use(http.get(apiUrl('/api/v1/bridges'), () => HttpResponse.json([])));
});

function renderAction(goTo: (url: string) => void) {
  const api = createApiClient({ baseUrl: TEST_ORIGIN, onAuthFailure: () => undefined });
  return render(
    <ApiProvider client={api}>
      <SsoSignIn goTo={goTo} />
    </ApiProvider>,
  );
}

describe('sign-in with single sign-on', () => {
  it("offers it below the spec's form, which stays as it was", async () => {
    await renderApp('/login');

    const action = await screen.findByRole('button', { name: 'Sign in with single sign-on' });
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Work email')).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Login' }).compareDocumentPosition(action) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('asks for the work email and sends the browser to the returned provider page', async () => {
    let sent: unknown;
    server.use(
      http.post(START, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ authorization_url: PROVIDER });
      }),
    );
    const goTo = vi.fn<(url: string) => void>();
    renderAction(goTo);

    await userEvent.click(screen.getByRole('button', { name: 'Sign in with single sign-on' }));
    await userEvent.type(screen.getByLabelText('Work email'), 'ada@acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with single sign-on' }));

    await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith(PROVIDER));
    expect(sent).toEqual({ email: 'ada@acme.example' });
  });

  it("shows the server's reason when no company signs in with the domain", async () => {
    const detail =
      'email: single sign-on is not set up for this email domain; sign in with your password';
    server.use(http.post(START, () => HttpResponse.json({ detail }, { status: 404 })));
    const goTo = vi.fn<(url: string) => void>();
    renderAction(goTo);

    await userEvent.click(screen.getByRole('button', { name: 'Sign in with single sign-on' }));
    await userEvent.type(screen.getByLabelText('Work email'), 'ada@nowhere.example');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with single sign-on' }));

    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(goTo).not.toHaveBeenCalled();
  });

  it('shows why the last single sign-on failed, as the callback told the login page', async () => {
    await renderApp(
      '/login?sso_error=Your%20identity%20provider%20has%20not%20verified%20your%20email%20address',
    );

    expect(
      await screen.findByText('Your identity provider has not verified your email address'),
    ).toBeInTheDocument();
  });

  it('trades the code of the landing page for tokens and opens the map', async () => {
    let code: unknown;
    server.use(
      http.post(EXCHANGE, async ({ request }) => {
        code = await request.json();
        return HttpResponse.json({ access: 'sso-access', refresh: 'sso-refresh' });
      }),
      http.get(apiUrl('/api/v1/user/me'), () => HttpResponse.json(aUser())),
    );
    const { router } = await renderApp('/sso#code=one-time-code');

    expect(await screen.findByText('Bridge Management System')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/map');
    expect(code).toEqual({ code: 'one-time-code' });
    expect(window.localStorage.getItem('access')).toBe('sso-access');
    expect(window.localStorage.getItem('refresh')).toBe('sso-refresh');
  });

  it('goes back to the login page with the reason when the code is refused', async () => {
    const detail = 'This sign-in code is unknown, used or expired; sign in again';
    server.use(http.post(EXCHANGE, () => HttpResponse.json({ detail }, { status: 401 })));
    const { router } = await renderApp('/sso#code=spent');

    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('access')).toBeNull();
  });
});
