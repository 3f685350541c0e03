import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { aUser, storeTokens } from '../../../helpers/web-fixtures';

const server = setupMswServer();
const DELETE_ME = apiUrl('/api/v1/users/7/delete');
const UPDATE_ME = apiUrl('/api/v1/users/7/update');
const LOGOUT = apiUrl('/api/v1/auth/logout');

async function openSettings() {
  storeTokens();
  server.use(http.get(apiUrl('/api/v1/user/me'), () => HttpResponse.json(aUser())));
  const view = await renderApp('/map');
  await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
  return { ...view, dialog: screen.getByRole('dialog', { name: 'Settings' }) };
}

const welcome = () => screen.findByRole('heading', { level: 1, name: 'Welcome to SpanWatch' });

beforeEach(() => {
  // The map behind the dialog lists bridges; an empty or failed list would raise a toast.
  server.use(
    http.get(apiUrl('/api/v1/bridges'), () =>
      HttpResponse.json([
        {
          id: 1,
          name: 'Lions Gate Bridge',
          location: 'Vancouver, BC',
          construction_date: null,
          length_per_span: null,
          location_on_map: '49.315,-123.1386',
          latitude: 49.315,
          longitude: -123.1386,
          structure_type: 'Suspension',
          status: 'Open',
        },
      ]),
    ),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('settings dialog', () => {
  it('shows the username and email of the signed-in user', async () => {
    const { dialog } = await openSettings();

    expect(within(dialog).getByText('Username').nextElementSibling).toHaveTextContent('ada');
    expect(within(dialog).getByText('Email').nextElementSibling).toHaveTextContent(
      'ada@example.test',
    );
    expect(within(dialog).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete Account' })).toBeInTheDocument();
  });

  it('closes with Escape and gives focus back to its entry', async () => {
    await openSettings();

    await userEvent.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Settings' })).toHaveFocus();
  });

  it('logs out to /login, ends the session on the server and clears both tokens', async () => {
    const ended: unknown[] = [];
    server.use(
      http.post(LOGOUT, async ({ request }) => {
        ended.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { dialog, router } = await openSettings();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Logout' }));

    expect(await welcome()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(window.localStorage.getItem('access')).toBeNull());
    expect(window.localStorage.getItem('refresh')).toBeNull();
    expect(ended).toEqual([{ refresh: 'refresh-1' }]);
  });

  it('logs out all the same when the server cannot end the session', async () => {
    server.use(http.post(LOGOUT, () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })));
    const { dialog, router } = await openSettings();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Logout' }));

    expect(await welcome()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(window.localStorage.getItem('refresh')).toBeNull());
    expect(window.localStorage.getItem('access')).toBeNull();
  });

  it('asks before deleting, with focus on Cancel, and Cancel deletes nothing', async () => {
    let deleted = false;
    server.use(
      http.delete(DELETE_ME, () => ((deleted = true), new HttpResponse(null, { status: 204 }))),
    );
    const { dialog } = await openSettings();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    const confirmation = screen.getByRole('dialog', { name: 'Delete Account' });
    expect(confirmation).toHaveTextContent('This action cannot be undone. Are you sure?');
    expect(within(confirmation).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await userEvent.click(within(confirmation).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog', { name: 'Delete Account' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    expect(deleted).toBe(false);
  });

  it('Delete removes the account, signs out and opens /login', async () => {
    let deletedWith: string | null = null;
    server.use(
      http.delete(DELETE_ME, async ({ request }) => {
        deletedWith = request.headers.get('Authorization');
        await delay(30);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { dialog, router } = await openSettings();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    const confirmation = screen.getByRole('dialog', { name: 'Delete Account' });

    await userEvent.click(within(confirmation).getByRole('button', { name: 'Delete' }));
    expect(within(confirmation).getByRole('button', { name: 'Delete' })).toBeDisabled();

    expect(await welcome()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(deletedWith).toBe('Bearer access-1');
    expect(window.localStorage.getItem('access')).toBeNull();
    expect(window.localStorage.getItem('refresh')).toBeNull();
  });

  it('a failed deletion is only logged: the user stays signed in on the map', async () => {
    server.use(
      http.delete(DELETE_ME, () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })),
    );
    const { dialog, router } = await openSettings();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Account' }));

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete Account' })).not.toBeInTheDocument(),
    );
    expect(console.warn).toHaveBeenCalledWith('Account deletion failed:', expect.anything());
    const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent ?? '');
    expect(alerts.filter((text) => /account|delet/i.test(text))).toEqual([]);
    expect(router.state.location.pathname).toBe('/map');
    expect(window.localStorage.getItem('access')).toBe('access-1');
  });

  it('is reachable and operable from the keyboard alone', async () => {
    storeTokens();
    server.use(
      http.get(apiUrl('/api/v1/user/me'), () => HttpResponse.json(aUser())),
      http.delete(DELETE_ME, () => new HttpResponse(null, { status: 204 })),
    );
    const { router } = await renderApp('/map');
    const entry = await screen.findByRole('button', { name: 'Settings' });
    entry.focus();

    await userEvent.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(within(dialog).getByRole('button', { name: 'Change email or password' })).toHaveFocus();
    await userEvent.tab();
    expect(within(dialog).getByRole('link', { name: 'Notification settings' })).toHaveFocus();
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Logout' })).toHaveFocus();
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Delete Account' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await userEvent.keyboard(' ');

    expect(await welcome()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('changing the email or password from Settings (issue 13)', () => {
  async function openChange() {
    const view = await openSettings();
    await userEvent.click(
      within(view.dialog).getByRole('button', { name: 'Change email or password' }),
    );
    return { ...view, form: screen.getByRole('dialog', { name: 'Change email or password' }) };
  }

  /** Types a new password, its confirmation and the current password, then saves. */
  async function changePassword(
    form: HTMLElement,
    typed: { password: string; confirmation: string; current: string },
  ) {
    await userEvent.type(within(form).getByLabelText('New password'), typed.password);
    await userEvent.type(within(form).getByLabelText('Confirm new password'), typed.confirmation);
    await userEvent.type(within(form).getByLabelText('Current password'), typed.current);
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
  }

  /** Records what PUT /users/7/update receives and answers with `answer`. */
  function updateAnswers(answer: (body: Record<string, unknown>) => Response) {
    const sent: unknown[] = [];
    server.use(
      http.put(UPDATE_ME, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return answer(body);
      }),
    );
    return sent;
  }

  it('changes the email with the current password, and Settings shows the new one', async () => {
    const sent = updateAnswers((body) => HttpResponse.json(aUser({ email: String(body.email) })));
    const { form } = await openChange();

    await userEvent.type(within(form).getByLabelText('New email'), 'moved@example.test');
    await userEvent.type(within(form).getByLabelText('Current password'), 'old-secret-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Change email or password' })).toBeNull(),
    );
    expect(sent).toEqual([{ email: 'moved@example.test', current_password: 'old-secret-1' }]);
    const settings = screen.getByRole('dialog', { name: 'Settings' });
    expect(within(settings).getByText('Email').nextElementSibling).toHaveTextContent(
      'moved@example.test',
    );
    expect(await screen.findByText('Account updated successfully')).toBeInTheDocument();
  });

  it('asks for the current password, and refuses a password of spaces, before any call', async () => {
    const sent = updateAnswers(() => HttpResponse.json(aUser()));
    const { form } = await openChange();

    await userEvent.type(within(form).getByLabelText('New password'), '          ');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(within(form).getByLabelText('New password')).toHaveAccessibleDescription(
      'Password cannot be only spaces',
    );
    expect(within(form).getByLabelText('Current password')).toHaveAccessibleDescription(
      'Current password is required',
    );
    expect(sent).toEqual([]);
  });

  it('asks for the new password twice, and says so on the confirmation when they differ', async () => {
    const sent = updateAnswers(() => HttpResponse.json(aUser()));
    const { form } = await openChange();

    await changePassword(form, {
      password: 'new-secret-22',
      confirmation: 'new-secret-2',
      current: 'old-secret-1',
    });

    const confirmation = within(form).getByLabelText('Confirm new password');
    expect(confirmation).toHaveAccessibleDescription('The passwords do not match');
    expect(confirmation).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('New password')).not.toHaveAttribute('aria-invalid');
    expect(sent).toEqual([]);

    await userEvent.type(confirmation, '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Change email or password' })).toBeNull(),
    );
    expect(sent).toEqual([{ password: 'new-secret-22', current_password: 'old-secret-1' }]);
  });

  it("shows the server's refusal on the field it names, and keeps the dialog open", async () => {
    const sent = updateAnswers(() =>
      HttpResponse.json(
        { detail: 'current_password: the current password is not correct' },
        { status: 403 },
      ),
    );
    const { form } = await openChange();

    await changePassword(form, {
      password: 'new-secret-22',
      confirmation: 'new-secret-22',
      current: 'a-wrong-guess',
    });

    const current = within(form).getByLabelText('Current password');
    await waitFor(() =>
      // A sentence for a person: the API's field name stays in its detail, not on the screen.
      expect(current).toHaveAccessibleDescription('The current password is not correct'),
    );
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([{ password: 'new-secret-22', current_password: 'a-wrong-guess' }]);
    expect(screen.getByRole('dialog', { name: 'Change email or password' })).toBeInTheDocument();
    expect(window.localStorage.getItem('access')).toBe('access-1');

    await userEvent.type(current, 'x');
    expect(current).not.toHaveAttribute('aria-invalid');
  });
});
