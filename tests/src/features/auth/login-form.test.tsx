import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { aUser } from '../../../helpers/web-fixtures';

const server = setupMswServer();
const LOGIN = apiUrl('/api/v1/auth/login');
const ME = apiUrl('/api/v1/user/me');

async function fillIn(email: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
}

const loginButton = () => screen.getByRole('button', { name: /^(Login|Logging in\.\.\.)$/ });

beforeEach(() => {
  // The map screen behind sign-in asks for the bridges; none is enough here.
  server.use(http.get(apiUrl('/api/v1/bridges'), () => HttpResponse.json([])));
  // Failed sign-ins are logged by design (spec §8).
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('sign-in screen', () => {
  it('greets, labels both fields and links to sign-up', async () => {
    const { router } = await renderApp('/login');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to SpanWatch' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(loginButton()).toHaveTextContent('Login');
    expect(loginButton()).toBeEnabled();

    await userEvent.click(screen.getByRole('link', { name: "Don't have an account?" }));

    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('opens with the focus on Email, so typing can start at once', async () => {
    await renderApp('/login');

    expect(await screen.findByLabelText('Email')).toHaveFocus();
  });

  it('draws 50 decorative dots hidden from assistive technology', async () => {
    await renderApp('/login');

    const dots = await screen.findByTestId('dots-background');
    expect(dots).toHaveAttribute('aria-hidden', 'true');
    expect(dots.children).toHaveLength(50);
  });

  it('checks the fields before calling the server and focuses the first one in error', async () => {
    let called = false;
    server.use(http.post(LOGIN, () => ((called = true), HttpResponse.json({}))));
    await renderApp('/login');

    await fillIn('not-an-email', 'short');
    await userEvent.click(loginButton());

    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Please enter a valid email',
    );
    expect(screen.getByLabelText('Email')).toBeInvalid();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 8 characters',
    );
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(called).toBe(false);
  });

  it('editing a field clears only that field’s message', async () => {
    await renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));

    await userEvent.type(screen.getByLabelText('Password'), 'x');

    expect(screen.getByLabelText('Password')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Please enter a valid email',
    );
  });

  it.each([
    [
      'the server detail',
      HttpResponse.json({ detail: 'Wrong email or password' }, { status: 401 }),
      'Wrong email or password',
    ],
    [
      'else its message',
      HttpResponse.json({ message: 'Account locked' }, { status: 403 }),
      'Account locked',
    ],
    [
      'else a generic text',
      HttpResponse.json({}, { status: 500 }),
      'Sign-in failed. Check your email and password and try again.',
    ],
    ['and for a network failure', HttpResponse.error(), 'An unexpected error occurred'],
  ])('shows %s in a banner above the form', async (_, response, message) => {
    server.use(http.post(LOGIN, () => response));
    await renderApp('/login');

    await fillIn('ada@example.test', 'wrong-password');
    await userEvent.click(loginButton());

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(message);
    // Above the form's fields.
    expect(
      banner.compareDocumentPosition(screen.getByLabelText('Email')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(loginButton()).toHaveTextContent('Login');
    expect(loginButton()).toBeEnabled();
  });

  it('clears the server message when a field is edited', async () => {
    server.use(
      http.post(LOGIN, () =>
        HttpResponse.json({ detail: 'Wrong email or password' }, { status: 401 }),
      ),
    );
    await renderApp('/login');
    await fillIn('ada@example.test', 'wrong-password');
    await userEvent.click(loginButton());
    expect(await screen.findByRole('alert')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Email'), 'x');

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is busy while signing in, then stores the tokens and opens the map', async () => {
    server.use(
      http.post(LOGIN, async () => {
        await delay(50);
        return HttpResponse.json({ access: 'access-9', refresh: 'refresh-9' });
      }),
      http.get(ME, () => HttpResponse.json(aUser())),
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

  it('works from the keyboard alone: Tab through the fields, Enter submits', async () => {
    server.use(
      http.post(LOGIN, () => HttpResponse.json({ access: 'a', refresh: 'r' })),
      http.get(ME, () => HttpResponse.json(aUser())),
    );
    const { router } = await renderApp('/login');
    const form = (await screen.findByLabelText('Email')).closest('form');
    if (!form) throw new Error('no form');

    screen.getByLabelText('Email').focus();
    await userEvent.keyboard('ada@example.test');
    await userEvent.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await userEvent.keyboard('correct-horse');
    await userEvent.tab();
    expect(within(form).getByRole('button', { name: 'Login' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    expect(await screen.findByText('Bridge Management System')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/map');
  });
});
