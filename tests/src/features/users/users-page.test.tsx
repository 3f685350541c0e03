import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { UsersFailed, UsersPage } from '../../../../src/features/users/users-page';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { createSession } from '../../../../src/api/session';
import { aUser, storeTokens } from '../../../helpers/web-fixtures';
import { fill } from './fill';
import { renderPage, testApiClient } from './render-page';

const server = setupMswServer();

const ada = aUser({
  id: 7,
  username: 'ada',
  bridges: [1],
  datastreams: [],
  has_company_password: true,
  companyUsername: 'ada-co',
});
const bob = aUser({ id: 8, username: 'bob', email: 'bob@example.test', company: 'Riverside' });
const bridges = [
  { id: 1, name: 'Lions Gate' },
  { id: 2, name: 'Confederation' },
].map((b) => ({
  ...b,
  location: '',
  construction_date: null,
  length_per_span: null,
  location_on_map: null,
  latitude: null,
  longitude: null,
  structure_type: 'Suspension',
  status: 'Open',
}));

function listUsers(users = [ada, bob]) {
  let calls = 0;
  server.use(
    http.get(apiUrl('/api/v1/users'), () => {
      calls += 1;
      return HttpResponse.json(users);
    }),
  );
  return { calls: () => calls };
}

async function open() {
  const user = userEvent.setup();
  const view = renderPage(() => <UsersPage />);
  await screen.findByRole('cell', { name: 'ada' }, { timeout: 4000 });
  return { user, ...view };
}

const dialog = () => screen.getByRole('dialog');
const fieldError = (label: string) => {
  const input = within(dialog()).getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('User Management', () => {
  it('lists users with Username, Email, Company and Actions, and links back to the map', async () => {
    listUsers();
    const { user, router } = await open();
    expect(screen.getByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
    const headers = screen
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[▲▼↕]/g, ''));
    expect(headers).toEqual(['Username', 'Email', 'Company', 'Actions']);
    expect(screen.getByRole('cell', { name: 'Riverside' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'DASHBOARD' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/map'));
  });

  it("shows 'Failed to fetch users' when the list fails", async () => {
    server.use(
      http.get(apiUrl('/api/v1/users'), () => HttpResponse.json({ detail: 'x' }, { status: 500 })),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderPage(() => <UsersPage />, { errorComponent: () => <UsersFailed /> });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch users');
    expect(screen.getByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add User' })).toBeInTheDocument();
  });

  it('checks every field of a new user before any call', async () => {
    listUsers();
    let posted = false;
    server.use(
      http.post(apiUrl('/api/v1/auth/signup'), () => {
        posted = true;
        return HttpResponse.json(ada, { status: 201 });
      }),
    );
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    await fill(user, within(dialog()).getByLabelText('Username'), 'al');
    await fill(user, within(dialog()).getByLabelText('Email'), 'not-an-email');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));

    expect(fieldError('Username')).toBe('Username must be at least 3 characters');
    expect(fieldError('Email')).toBe('Please enter a valid email');
    expect(fieldError('Password')).toBe('Password must be at least 8 characters');
    expect(fieldError('Company')).toBe('Company is required');
    expect(fieldError('CompanyUsername')).toBe('CompanyUsername is required');
    expect(fieldError('CompanyPassword')).toBe('CompanyPassword is required');
    expect(fieldError('Address')).toBe('Address is required');
    expect(posted).toBe(false);

    await fill(user, within(dialog()).getByLabelText('Username'), 'x');
    expect(fieldError('Username')).toBeUndefined();
  });

  it("creates a user with company credentials and says 'User created successfully'", async () => {
    const list = listUsers();
    let body: unknown;
    server.use(
      http.post(apiUrl('/api/v1/auth/signup'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(ada, { status: 201 });
      }),
    );
    const { user } = await open();
    // A slow first render may ask for the list once more on mount; the creation asks once.
    const listedBefore = list.calls();
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const values: [string, string][] = [
      ['Username', 'carol'],
      ['Email', 'carol@example.test'],
      ['Password', 'long-enough-1'],
      ['Company', 'Harbour Works'],
      ['CompanyUsername', 'carol-hw'],
      ['CompanyPassword', 'secret-hw'],
      ['Address', '2 Quay St'],
    ];
    for (const [label, value] of values)
      await fill(user, within(dialog()).getByLabelText(label), value);
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('status')).toHaveTextContent('User created successfully');
    expect(body).toEqual({
      username: 'carol',
      email: 'carol@example.test',
      password: 'long-enough-1',
      company: 'Harbour Works',
      companyUsername: 'carol-hw',
      companyPassword: 'secret-hw',
      address: '2 Quay St',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(list.calls()).toBe(listedBefore + 1));
  });

  it("edits without a password field, keeps the stored company password, or says 'Failed to save user'", async () => {
    listUsers();
    let body: unknown;
    server.use(
      http.put(apiUrl('/api/v1/users/7/update'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ detail: 'nope' }, { status: 400 });
      }),
    );
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Edit ada' }));
    expect(within(dialog()).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(within(dialog()).getByLabelText('Username')).toHaveValue('ada');
    expect(within(dialog()).getByLabelText('CompanyPassword')).toHaveValue('');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save user');
    expect(body).toEqual({
      username: 'ada',
      email: 'ada@example.test',
      company: 'Northern Spans Ltd',
      companyUsername: 'ada-co',
      address: '1 Harbour Road',
    });

    server.use(http.put(apiUrl('/api/v1/users/7/update'), () => HttpResponse.json(ada)));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
  });

  it('pre-checks assigned bridges and replaces the list on Assign', async () => {
    listUsers();
    let body: unknown;
    server.use(
      http.get(apiUrl('/api/v1/bridges'), () => HttpResponse.json(bridges)),
      http.post(apiUrl('/api/v1/users/7/assign'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(ada);
      }),
    );
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Assign bridges ada' }));
    expect(await within(dialog()).findByLabelText('Lions Gate')).toBeChecked();
    expect(within(dialog()).getByLabelText('Confederation')).not.toBeChecked();
    await user.click(within(dialog()).getByLabelText('Lions Gate'));
    await user.click(within(dialog()).getByLabelText('Confederation'));
    await user.click(within(dialog()).getByRole('button', { name: 'Assign' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Bridges assigned successfully');
    expect(body).toEqual({ bridge_ids: [2] });
  });

  it('narrows the assign list by search, selects what it shows, and counts the choice', async () => {
    listUsers();
    let body: unknown;
    server.use(
      http.get(apiUrl('/api/v1/bridges'), () => HttpResponse.json(bridges)),
      http.post(apiUrl('/api/v1/users/7/assign'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(ada);
      }),
    );
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Assign bridges ada' }));
    expect(await within(dialog()).findByText('1 of 2 bridges selected')).toBeInTheDocument();
    const selectAll = within(dialog()).getByRole('checkbox', { name: 'Select all' });
    expect(selectAll).toBePartiallyChecked();

    await user.type(within(dialog()).getByLabelText('Search bridges'), 'confed');
    expect(within(dialog()).queryByLabelText('Lions Gate')).not.toBeInTheDocument();
    await user.click(selectAll);
    expect(within(dialog()).getByText('2 of 2 bridges selected')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Assign' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Bridges assigned successfully');
    expect(body).toEqual({ bridge_ids: [1, 2] });
  });

  it("assigns data streams by numeric id, or says 'Failed to assign data streams'", async () => {
    listUsers();
    let body: unknown;
    server.use(
      http.get(apiUrl('/api/v1/datastreams'), () =>
        HttpResponse.json([
          { id: 31, stream_id: 'LG-acc-1', data_type: 'acceleration', sensors: [] },
        ]),
      ),
      http.post(apiUrl('/api/v1/users/assigndatastream'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ detail: 'no' }, { status: 400 });
      }),
    );
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Assign data streams bob' }));
    await user.click(await within(dialog()).findByLabelText('LG-acc-1'));
    await user.click(within(dialog()).getByRole('button', { name: 'Assign' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to assign data streams');
    expect(body).toEqual({ user_id: 8, stream_ids: [31] });
  });

  it('deletes only after confirmation', async () => {
    listUsers();
    let deleted = 0;
    server.use(
      http.delete(apiUrl('/api/v1/users/8/delete'), () => {
        deleted += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Delete bob' }));
    expect(dialog()).toHaveTextContent('Delete the account of bob');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Delete bob' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('User deleted successfully');
    expect(deleted).toBe(1);
  });

  it('signs staff out to /login after they delete their own account', async () => {
    listUsers();
    storeTokens();
    server.use(
      http.get(apiUrl('/api/v1/user/me'), () => HttpResponse.json(ada)),
      http.delete(apiUrl('/api/v1/users/7/delete'), () => new HttpResponse(null, { status: 204 })),
      // Signing out ends the session on the server too; the account is gone, so it is a no-op.
      http.post(apiUrl('/api/v1/auth/logout'), () => new HttpResponse(null, { status: 204 })),
    );
    const api = testApiClient();
    const session = createSession(api);
    await session.restore();
    const user = userEvent.setup();
    const { router } = renderPage(() => <UsersPage />, { api, session });
    await screen.findByRole('cell', { name: 'ada' }, { timeout: 4000 });

    await user.click(screen.getByRole('button', { name: 'Delete ada' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));

    expect(
      await screen.findByRole('heading', { name: 'Welcome to SpanWatch' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(session.getState().status).toBe('signed-out');
    await waitFor(() => expect(window.localStorage.getItem('access')).toBeNull());
  });
});
