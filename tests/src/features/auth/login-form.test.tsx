import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { aUser } from '../../../helpers/web-fixtures';

const server = setupMswServer();
const LOGIN = apiUrl('/api/v1/auth/login');

async function fillIn(email: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
}

const loginButton = () => screen.getByRole('button', { name: /Login|Logging in/ });

describe('sign-in form', () => {
  it('checks the fields before calling the server', async () => {
    let called = false;
    server.use(http.post(LOGIN, () => ((called = true), HttpResponse.json({}))));
    await renderApp('/login');

    await fillIn('not-an-email', 'short');
    await userEvent.click(loginButton());

    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Please enter a valid email',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 8 characters',
    );
    expect(called).toBe(false);
  });

  it("shows the server's detail, and clears it when a field is edited", async () => {
    server.use(
      http.post(LOGIN, () =>
        HttpResponse.json({ detail: 'Wrong email or password' }, { status: 401 }),
      ),
    );
    await renderApp('/login');

    await fillIn('ada@example.test', 'wrong-password');
    await userEvent.click(loginButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password');

    await userEvent.type(screen.getByLabelText('Password'), 'x');

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is busy while signing in, then stores the tokens and opens the map', async () => {
    server.use(
      http.post(LOGIN, async () => {
        await delay(50);
        return HttpResponse.json({ access: 'access-9', refresh: 'refresh-9' });
      }),
      http.get(apiUrl('/api/v1/user/me'), () => HttpResponse.json(aUser())),
    );
    const { router } = await renderApp('/login');

    await fillIn('ada@example.test', 'correct-horse');
    await userEvent.click(loginButton());

    expect(loginButton()).toHaveTextContent('Logging in...');
    expect(loginButton()).toBeDisabled();

    expect(await screen.findByText('Bridge Management System')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/map');
    expect(window.localStorage.getItem('access')).toBe('access-9');
    expect(window.localStorage.getItem('refresh')).toBe('refresh-9');
  });
});
