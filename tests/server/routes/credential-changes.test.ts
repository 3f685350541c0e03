import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';

const PASSWORD = 'correct-horse-9';
const NEW_PASSWORD = 'brand-new-pass-77';

interface Pair {
  access: string;
  refresh: string;
}

describe.each(drivers)('password and email changes on %s', (kind) => {
  const t = setupTestApp(kind);

  const update = (id: number, token: string, body: Record<string, unknown>) =>
    t.request<{ detail?: string; email?: string }>({
      method: 'PUT',
      url: `/api/v1/users/${id}/update`,
      token,
      body,
    });
  const login = (email: string, password: string) =>
    t.request<Pair>({ method: 'POST', url: '/api/v1/auth/login', body: { email, password } });
  const works = async ({ access, refresh }: Pair) => ({
    access: (await t.request({ method: 'GET', url: '/api/v1/user/me', token: access })).status,
    refresh: (await t.request({ method: 'POST', url: '/api/v1/auth/refresh/', body: { refresh } }))
      .status,
  });

  /** A user signed in twice: `here` makes the change, `elsewhere` is another device. */
  async function userOnTwoDevices() {
    const user = await t.createUser({ password: PASSWORD });
    const here = { access: user.token, refresh: user.refresh };
    const elsewhere = (await login(user.email, PASSWORD)).body;
    return { user, here, elsewhere };
  }

  it.each([
    ['password', { password: NEW_PASSWORD }],
    ['email', { email: 'moved@example.ca' }],
  ])(
    'changing one’s own %s without current_password is 400 and changes nothing',
    async (_, body) => {
      const { user, here, elsewhere } = await userOnTwoDevices();

      const response = await update(user.id, here.access, body);

      expect(response).toEqual({
        status: 400,
        body: { detail: 'current_password: required to change your own password or email' },
      });
      expect((await login(user.email, PASSWORD)).status).toBe(200);
      expect(await works(elsewhere)).toEqual({ access: 200, refresh: 200 });
    },
  );

  it.each([
    ['password', { password: NEW_PASSWORD }],
    ['email', { email: 'moved@example.ca' }],
  ])('a wrong current_password is 403 naming the field and changes nothing', async (_, body) => {
    const { user, here } = await userOnTwoDevices();

    const response = await update(user.id, here.access, { ...body, current_password: 'guess-123' });

    expect(response).toEqual({
      status: 403,
      body: { detail: 'current_password: the current password is not correct' },
    });
    expect((await login(user.email, PASSWORD)).status).toBe(200);
  });

  it('a password change with the current password ends every other session, not this one', async () => {
    const { user, here, elsewhere } = await userOnTwoDevices();

    const response = await update(user.id, here.access, {
      password: NEW_PASSWORD,
      current_password: PASSWORD,
    });

    expect(response.status).toBe(200);
    expect(await works(elsewhere)).toEqual({ access: 401, refresh: 401 });
    expect(await works(here)).toEqual({ access: 200, refresh: 200 });
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
    expect((await login(user.email, PASSWORD)).status).toBe(401);
  });

  it('an email change with the current password ends every other session', async () => {
    const { user, here, elsewhere } = await userOnTwoDevices();

    const response = await update(user.id, here.access, {
      email: 'moved@example.ca',
      current_password: PASSWORD,
    });

    expect(response.status).toBe(200);
    expect(response.body.email).toBe('moved@example.ca');
    expect(await works(elsewhere)).toEqual({ access: 401, refresh: 401 });
    expect(await works(here)).toEqual({ access: 200, refresh: 200 });
  });

  it('other fields, and the email sent unchanged, need no current password', async () => {
    const { user, here, elsewhere } = await userOnTwoDevices();

    const response = await update(user.id, here.access, {
      email: user.email,
      address: '9 Renamed Road',
      password: '',
    });

    expect(response.status).toBe(200);
    expect(await works(elsewhere)).toEqual({ access: 200, refresh: 200 });
  });

  it('wrong current passwords count as failed sign-ins: 429 after 10', async () => {
    const { user, here } = await userOnTwoDevices();
    for (let i = 0; i < 10; i += 1) {
      const wrong = await update(user.id, here.access, {
        password: NEW_PASSWORD,
        current_password: `guess-${i}-password`,
      });
      expect(wrong.status).toBe(403);
    }
    const blocked = await update(user.id, here.access, {
      password: NEW_PASSWORD,
      current_password: PASSWORD,
    });
    expect(blocked.status).toBe(429);
  });

  it("staff resetting another user's password ends all of that user's sessions", async () => {
    const staff = await t.createUser({ staff: true });
    const { user, here, elsewhere } = await userOnTwoDevices();

    const response = await update(user.id, staff.token, { password: NEW_PASSWORD });

    expect(response.status).toBe(200);
    expect(await works(here)).toEqual({ access: 401, refresh: 401 });
    expect(await works(elsewhere)).toEqual({ access: 401, refresh: 401 });
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
    expect(await works({ access: staff.token, refresh: staff.refresh })).toEqual({
      access: 200,
      refresh: 200,
    });
  });

  it.each(['        ', ' \t \t \t \t '])(
    'refuses a password of only spaces (%j) everywhere',
    async (blank) => {
      const staff = await t.createUser({ staff: true });
      const user = await t.createUser({ password: PASSWORD });
      const newUser = {
        username: 'spaces-only',
        email: 'spaces@example.ca',
        password: blank,
        company: 'C',
        address: 'A',
      };
      const answers = [
        await t.request({ method: 'POST', url: '/api/v1/auth/signup', body: newUser }),
        await t.request({
          method: 'POST',
          url: '/api/v1/auth/signup',
          token: staff.token,
          body: { ...newUser, companyUsername: 'u', companyPassword: 'p' },
        }),
        await update(user.id, user.token, { password: blank, current_password: PASSWORD }),
        await update(user.id, staff.token, { password: blank }),
      ];

      for (const answer of answers) {
        expect(answer).toEqual({
          status: 400,
          body: { detail: 'password: must not be only spaces' },
        });
      }
      expect((await login(user.email, PASSWORD)).status).toBe(200);
      expect(await t.services.users.findByEmail(newUser.email)).toBeUndefined();
    },
  );
});
