import { eq } from 'drizzle-orm';
import { users } from '../../../server/db/schema.ts';
import { describe, expect, it } from 'vitest';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { SIGNUP_RECEIVED } from '../../../server/routes/auth-handlers.ts';

const signup = {
  username: 'river-engineer',
  email: 'engineer@example.ca',
  password: 'girder-strong-1',
  company: 'Prairie Bridges Ltd',
  address: '12 Main St, Saskatoon, SK',
};

describe.each(drivers)('auth on %s', (kind) => {
  const t = setupTestApp(kind);

  it('signs up, signs in, refreshes and reads the current user', async () => {
    const created = await t.request({ method: 'POST', url: '/api/v1/auth/signup', body: signup });
    expect(created).toEqual({ status: 201, body: SIGNUP_RECEIVED });

    const login = await t.request<{ access: string; refresh: string }>({
      method: 'POST',
      url: '/api/v1/auth/login',
      body: { email: 'ENGINEER@example.ca', password: signup.password },
    });
    expect(login.status).toBe(200);

    const me = await t.request({ method: 'GET', url: '/api/v1/user/me', token: login.body.access });
    expect(me.body).toMatchObject({
      username: 'river-engineer',
      is_staff: false,
      has_company_password: false,
      email: signup.email,
      company: signup.company,
    });

    const refreshed = await t.request<{ access: string; refresh: string }>({
      method: 'POST',
      url: '/api/v1/auth/refresh/',
      body: { refresh: login.body.refresh },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh).not.toBe(login.body.refresh);
    const again = await t.request({
      method: 'GET',
      url: '/api/v1/user/me',
      token: refreshed.body.access,
    });
    expect(again.status).toBe(200);
  });

  it('refuses a refresh token used as an access token, and the reverse', async () => {
    await t.request({ method: 'POST', url: '/api/v1/auth/signup', body: signup });
    const login = await t.request<{ access: string; refresh: string }>({
      method: 'POST',
      url: '/api/v1/auth/login',
      body: { email: signup.email, password: signup.password },
    });
    const asAccess = await t.request({
      method: 'GET',
      url: '/api/v1/user/me',
      token: login.body.refresh,
    });
    expect(asAccess).toEqual({ status: 401, body: { detail: 'Invalid or expired access token' } });
    const asRefresh = await t.request({
      method: 'POST',
      url: '/api/v1/auth/refresh/',
      body: { refresh: login.body.access },
    });
    expect(asRefresh).toEqual({
      status: 401,
      body: { detail: 'Invalid or expired refresh token' },
    });
  });

  it('answers wrong credentials with 401 and the same detail for unknown emails', async () => {
    await t.request({ method: 'POST', url: '/api/v1/auth/signup', body: signup });
    const wrongPassword = await t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      body: { email: signup.email, password: 'not-the-password' },
    });
    const unknown = await t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      body: { email: 'nobody@example.ca', password: 'whatever-123' },
    });
    expect(wrongPassword).toEqual({ status: 401, body: { detail: 'Invalid email or password' } });
    expect(unknown).toEqual(wrongPassword);
  });

  it('slows down repeated failures: 429 after 10 in 15 minutes, even with the right password', async () => {
    await t.request({ method: 'POST', url: '/api/v1/auth/signup', body: signup });
    for (let i = 0; i < 10; i += 1) {
      const failed = await t.request({
        method: 'POST',
        url: '/api/v1/auth/login',
        body: { email: signup.email, password: `wrong-${i}-password` },
      });
      expect(failed.status).toBe(401);
    }
    const blocked = await t.request<{ detail: string }>({
      method: 'POST',
      url: '/api/v1/auth/login',
      body: { email: signup.email, password: signup.password },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(/too many/i);
  });

  it.each([
    [{ ...signup, email: 'not-an-email' }, 'email'],
    [{ ...signup, password: 'short' }, 'password'],
    [{ ...signup, username: 'ab' }, 'username'],
    [{ ...signup, company: '   ' }, 'company'],
    [{ ...signup, address: undefined }, 'address'],
  ])('rejects a bad sign-up with a detail naming the field (%#)', async (body, field) => {
    const response = await t.request<{ detail: string }>({
      method: 'POST',
      url: '/api/v1/auth/signup',
      body,
    });
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain(field);
  });

  it('answers a sign-up alike whether the email is registered, leaving the account as it is (issue 37, finding 13)', async () => {
    const first = await t.request({ method: 'POST', url: '/api/v1/auth/signup', body: signup });
    const sameEmail = await t.request({
      method: 'POST',
      url: '/api/v1/auth/signup',
      body: {
        ...signup,
        username: 'someone-else',
        email: 'Engineer@Example.ca',
        password: 'other-pass-1',
      },
    });
    expect(sameEmail).toEqual(first);
    expect(first).toEqual({ status: 201, body: SIGNUP_RECEIVED });
    const signIn = (password: string) =>
      t.request({
        method: 'POST',
        url: '/api/v1/auth/login',
        body: { email: signup.email, password },
      });
    expect((await signIn(signup.password)).status).toBe(200);
    expect((await signIn('other-pass-1')).status).toBe(401);
    const named = await t.services.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'someone-else'));
    expect(named).toEqual([]);
  });

  it('refuses a taken username to anyone, and a taken email or username to staff, whatever the case', async () => {
    await t.request({ method: 'POST', url: '/api/v1/auth/signup', body: signup });
    const sameName = await t.request({
      method: 'POST',
      url: '/api/v1/auth/signup',
      body: { ...signup, username: 'River-Engineer', email: 'other@example.ca' },
    });
    expect(sameName).toEqual({
      status: 400,
      body: { detail: 'username: a user with this username already exists' },
    });
    const staff = await t.createUser({ staff: true });
    const byStaff = await t.request({
      method: 'POST',
      url: '/api/v1/auth/signup',
      token: staff.token,
      body: { ...signup, username: 'someone-else', email: 'Engineer@Example.ca' },
    });
    expect(byStaff).toEqual({
      status: 400,
      body: { detail: 'email: a user with this email already exists' },
    });
  });

  it('lets staff create staff users with company credentials, sealed at rest and never returned', async () => {
    const staff = await t.createUser({ staff: true });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { authorization: `Bearer ${staff.token}` },
      payload: {
        ...signup,
        companyUsername: 'prairie-ops',
        companyPassword: 'rensys-secret-42',
        is_staff: true,
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.body).not.toContain('rensys-secret-42');
    expect(created.json()).toMatchObject({
      is_staff: true,
      companyUsername: 'prairie-ops',
      has_company_password: true,
    });

    const [stored] = await t.services.database.db
      .select({ sealed: users.companyPasswordSealed })
      .from(users)
      .where(eq(users.email, signup.email));
    const sealed = stored?.sealed ?? '';
    expect(sealed).not.toContain('rensys-secret-42');
    expect(t.services.secretBox.open(sealed)).toBe('rensys-secret-42');

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users',
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(list.body).not.toContain('rensys-secret-42');
  });

  it('refuses is_staff on a public sign-up', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/auth/signup',
      body: { ...signup, is_staff: true },
    });
    expect(response.status).toBe(403);
  });

  it('puts users naming one company, in any case or spacing, into the same company (decision 040)', async () => {
    const staff = await t.createUser({ staff: true });
    const create = (username: string, company: string) =>
      t.request<{ company: string; company_id: number }>({
        method: 'POST',
        url: '/api/v1/auth/signup',
        token: staff.token,
        body: { ...signup, username, email: `${username}@example.ca`, company },
      });
    const first = await create('first-one', 'Prairie Bridges Ltd');
    const second = await create('second-one', '  prairie BRIDGES ltd ');
    const other = await create('third-one', 'City of Regina');
    expect(first.status).toBe(201);
    expect(second.body.company_id).toBe(first.body.company_id);
    expect(other.body.company_id).not.toBe(first.body.company_id);

    const reserved = await create('fourth-one', 'unassigned bridges (migration 0022)');
    expect(reserved).toEqual({
      status: 400,
      body: { detail: 'company: this name is reserved; choose another' },
    });
  });

  it('rejects a malformed JSON body with 400 and a detail', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('detail');
  });
});
