import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as toastStyles from '../../../../src/ui/toast.css';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { aUser } from '../../../helpers/web-fixtures';

const server = setupMswServer();
const SIGNUP = apiUrl('/api/v1/auth/signup');

const LABELS = ['Username', 'Email', 'Password', 'Company', 'Address'] as const;

const VALID = {
  Username: 'ada',
  Email: 'ada@example.test',
  Password: 'correct-horse',
  Company: 'Northern Spans Ltd',
  Address: '1 Harbour Road',
};

async function fillIn(values: Partial<Record<(typeof LABELS)[number], string>> = VALID) {
  for (const [label, value] of Object.entries(values)) {
    if (value) await userEvent.type(screen.getByLabelText(label), value);
  }
}

const submitButton = () => screen.getByRole('button', { name: /^(Sign Up|Submitting\.\.\.)$/ });

async function openSignup() {
  const view = await renderApp('/signup');
  await screen.findByLabelText('Username');
  return view;
}

describe('sign-up screen', () => {
  it('greets, draws the dots, and has the five required, labelled fields', async () => {
    await openSignup();

    expect(
      screen.getByRole('heading', { level: 1, name: 'Welcome to SpanWatch' }),
    ).toBeInTheDocument();
    for (const label of LABELS) expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByTestId('dots-background').children).toHaveLength(50);
    expect(submitButton()).toHaveTextContent('Sign Up');
  });

  it('names every failing field under it, focuses the first, and sends nothing', async () => {
    let called = false;
    server.use(http.post(SIGNUP, () => ((called = true), HttpResponse.json({}))));
    await openSignup();

    await fillIn({ Username: 'ab', Email: 'ada@example' });
    await userEvent.click(submitButton());

    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
      'Username must be at least 3 characters',
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Please enter a valid email',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 8 characters',
    );
    expect(screen.getByLabelText('Company')).toHaveAccessibleDescription('Company is required');
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription('Address is required');
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(called).toBe(false);
  });

  it('editing a field clears its message only', async () => {
    await openSignup();
    await userEvent.click(submitButton());

    await userEvent.type(screen.getByLabelText('Company'), 'N');

    expect(screen.getByLabelText('Company')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription('Address is required');
  });

  describe('with the clock under the test', () => {
    // The fake clock starts only at the submit: typing under it would crawl.
    const submitOnTheClock = async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      await userEvent.setup({ delay: null }).click(submitButton());
    };
    afterEach(() => vi.useRealTimers());

    it('sends the five fields, is busy, shows a green toast for 5 s and opens /login after 2 s', async () => {
      let sent: unknown;
      server.use(
        http.post(SIGNUP, async ({ request }) => {
          sent = await request.json();
          await delay(30);
          return HttpResponse.json(aUser(), { status: 201 });
        }),
      );
      const { router } = await openSignup();
      await fillIn();

      await submitOnTheClock();
      expect(submitButton()).toHaveTextContent('Submitting...');
      expect(submitButton()).toBeDisabled();

      const toast = await screen.findByRole('status');
      expect(toast).toHaveTextContent('Account created successfully!');
      expect(toast).toHaveClass(toastStyles.toast.success);
      expect(sent).toEqual({
        username: 'ada',
        email: 'ada@example.test',
        password: 'correct-horse',
        company: 'Northern Spans Ltd',
        address: '1 Harbour Road',
      });

      act(() => vi.advanceTimersByTime(1900));
      expect(router.state.location.pathname).toBe('/signup');
      expect(submitButton()).toBeDisabled();

      await act(async () => vi.advanceTimersByTime(100));
      expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(screen.getByRole('status')).toHaveTextContent('Account created successfully!');

      act(() => vi.advanceTimersByTime(3000));
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });

    it.each([
      [
        "the server's detail",
        () => HttpResponse.json({ detail: 'email: already registered' }, { status: 400 }),
        'email: already registered',
      ],
      [
        'the refusal text without a detail',
        () => HttpResponse.json({}, { status: 500 }),
        'Signup failed. Please try again.',
      ],
      [
        'the error text when the request fails',
        () => HttpResponse.error(),
        'An error occurred while signing up. Please try again.',
      ],
    ])('shows %s in a red toast for 5 s and stays', async (_, answer, message) => {
      server.use(http.post(SIGNUP, answer));
      const { router } = await openSignup();
      await fillIn();

      await submitOnTheClock();

      const toast = await screen.findByRole('alert');
      expect(toast).toHaveTextContent(message);
      expect(toast).toHaveClass(toastStyles.toast.error);
      expect(submitButton()).toHaveTextContent('Sign Up');
      expect(submitButton()).toBeEnabled();
      expect(screen.getByLabelText('Username')).toHaveValue('ada');

      act(() => vi.advanceTimersByTime(4900));
      expect(screen.getByRole('alert')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(100));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/signup');
    });
  });
});

describe('a refusal about one field', () => {
  it("shows the server's reason under that field and moves focus there", async () => {
    server.use(
      http.post(SIGNUP, () =>
        HttpResponse.json(
          { detail: 'email: a user with this email already exists' },
          { status: 400 },
        ),
      ),
    );
    await openSignup();
    await fillIn();
    await userEvent.click(submitButton());

    const email = screen.getByLabelText('Email');
    await vi.waitFor(() =>
      expect(email).toHaveAccessibleDescription('A user with this email already exists'),
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();

    await userEvent.type(email, 'x');
    expect(email).not.toHaveAttribute('aria-invalid');
  });
});
