import { describe, expect, it } from 'vitest';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

describe.each(drivers)('contact messages on %s', (kind) => {
  const t = setupTestApp(kind);

  it('stores a message from the public form, and staff read it back newest first', async () => {
    const first = await t.request({
      method: 'POST',
      url: '/api/auth/contact/',
      body: {
        first_name: 'Marie',
        last_name: 'Tremblay',
        email: 'marie@ville.qc.ca',
        message: 'Please call about the Pont Laviolette.',
      },
    });
    expect(first.status).toBe(201);
    await t.request({
      method: 'POST',
      url: '/api/auth/contact/',
      body: { first_name: 'Sam', email: 'sam@example.ca', message: 'Pricing for 40 bridges?' },
    });
    const staff = await t.createUser({ staff: true });
    const list = await t.request<{ first_name: string; last_name: string | null }[]>({
      method: 'GET',
      url: '/api/v1/contact-messages',
      token: staff.token,
    });
    expect(list.body.map((m) => [m.first_name, m.last_name])).toEqual([
      ['Sam', null],
      ['Marie', 'Tremblay'],
    ]);
  });

  it('lets staff mark a message handled, keeping the first time, and open it again', async () => {
    await t.request({
      method: 'POST',
      url: '/api/auth/contact/',
      body: { first_name: 'Lea', email: 'lea@example.ca', message: 'Sensor quote, please.' },
    });
    const staff = await t.createUser({ staff: true });
    type Message = { id: number; handled_at: string | null };
    const list = async () =>
      (
        await t.request<Message[]>({
          method: 'GET',
          url: '/api/v1/contact-messages',
          token: staff.token,
        })
      ).body;
    const [waiting] = await list();
    expect(waiting?.handled_at).toBeNull();
    const mark = (handled: boolean, id = waiting?.id ?? 0) =>
      t.request<Message & { detail?: string }>({
        method: 'POST',
        url: `/api/v1/contact-messages/${id}/handled`,
        token: staff.token,
        body: { handled },
      });

    const first = await mark(true);
    expect(first.status).toBe(200);
    expect(first.body.handled_at).not.toBeNull();
    expect((await mark(true)).body.handled_at).toBe(first.body.handled_at);
    expect((await list())[0]?.handled_at).toBe(first.body.handled_at);

    expect((await mark(false)).body.handled_at).toBeNull();
    expect((await list())[0]?.handled_at).toBeNull();

    const missing = await mark(true, 999_999);
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toContain('999999');
  });

  it('refuses a handled mark without a boolean, naming the field', async () => {
    const staff = await t.createUser({ staff: true });
    const response = await t.request<{ detail: string }>({
      method: 'POST',
      url: '/api/v1/contact-messages/1/handled',
      token: staff.token,
      body: { handled: 'yes' },
    });
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain('handled');
  });

  it.each([
    [{ email: 'a@b.ca', message: 'hi' }, 'first_name'],
    [{ first_name: 'A', email: 'not-email', message: 'hi' }, 'email'],
    [{ first_name: 'A', email: 'a@b.ca', message: '   ' }, 'message'],
  ])('rejects an incomplete message, naming the field (%#)', async (body, field) => {
    const response = await t.request<{ detail: string }>({
      method: 'POST',
      url: '/api/auth/contact/',
      body,
    });
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain(field);
  });
});
