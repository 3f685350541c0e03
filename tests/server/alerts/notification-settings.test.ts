import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/schema.d.ts';
import { phoneVerifications, users } from '../../../server/db/schema.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { smsFake } from '../../helpers/sms-fake.ts';

type Settings = components['schemas']['NotificationSettings'];
type Detail = { detail: string };

// A fake of the SMS provider's Messages resource on loopback, keeping what it was asked to send.
const fake = smsFake({ accountSid: 'AC0123', authToken: 'secret-token', from: '+15005550006' });
const sms = fake.settings;
const texts = fake.requests;
beforeAll(() => fake.start());
afterAll(() => fake.stop());

const SETTINGS = '/api/v1/me/notification-settings';

// Decision 050: each signed-in user's own channels, phone (proven by a texted code) and quiet hours.
describe.each(drivers)('notification settings on %s', (kind) => {
  const t = setupTestApp(kind, { config: { sms } });

  const put = (token: string, body: unknown) =>
    t.request<Settings & Detail>({ method: 'PUT', url: SETTINGS, token, body });
  const requestCode = (token: string, phone: string) =>
    t.request<{ phone: string; expires_at: string } & Detail>({
      method: 'POST',
      url: `${SETTINGS}/phone/verify-request`,
      token,
      body: { phone },
    });
  const verify = (token: string, code: string) =>
    t.request<Settings & Detail>({
      method: 'POST',
      url: `${SETTINGS}/phone/verify`,
      token,
      body: { code },
    });
  const lastCode = () => /code is (\d{6})\./.exec(texts.at(-1)?.form.get('Body') ?? '')?.[1] ?? '';
  /** Lets the next request text a new code at once (a minute has passed). */
  const aMinuteLater = (userId: number) =>
    t.services.database.db
      .update(phoneVerifications)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(phoneVerifications.userId, userId));

  it('starts with every channel on and no quiet hours, and keeps what the user saves', async () => {
    const user = await t.createUser();
    const first = await t.request<Settings>({ method: 'GET', url: SETTINGS, token: user.token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      email: true,
      sms: true,
      in_app: true,
      quiet_hours: null,
      phone: null,
      phone_verified: false,
      pending_phone: null,
      sms_available: true,
    });

    const quiet = { start: '22:00', end: '07:00', time_zone: 'Europe/Lisbon' };
    const saved = await put(user.token, {
      email: false,
      sms: true,
      in_app: false,
      quiet_hours: quiet,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      email: false,
      sms: true,
      in_app: false,
      quiet_hours: quiet,
    });
    const read = await t.request<Settings>({ method: 'GET', url: SETTINGS, token: user.token });
    expect(read.body).toMatchObject({ email: false, in_app: false, quiet_hours: quiet });

    // Another user's settings are their own.
    const other = await t.createUser();
    expect(
      (await t.request<Settings>({ method: 'GET', url: SETTINGS, token: other.token })).body.email,
    ).toBe(true);
    expect((await t.request({ method: 'GET', url: SETTINGS })).status).toBe(401);
  });

  it('refuses bad quiet hours with a 400 naming the field', async () => {
    const user = await t.createUser();
    const base = { email: true, sms: true, in_app: true };
    const cases: [Record<string, string>, RegExp][] = [
      [{ start: '7:00', end: '08:00', time_zone: 'UTC' }, /^quiet_hours\.start: must be a time/],
      [{ start: '22:00', end: '24:00', time_zone: 'UTC' }, /^quiet_hours\.end: must be a time/],
      [{ start: '22:00', end: '22:00', time_zone: 'UTC' }, /^quiet_hours\.end: must differ/],
      [
        { start: '22:00', end: '07:00', time_zone: 'Mars/Olympus' },
        /^quiet_hours\.time_zone: must be an IANA time zone name/,
      ],
    ];
    for (const [quiet, detail] of cases) {
      const answer = await put(user.token, { ...base, quiet_hours: quiet });
      expect(answer.status, JSON.stringify(quiet)).toBe(400);
      expect(answer.body.detail).toMatch(detail);
    }
    const missing = await put(user.token, { email: true, sms: true, quiet_hours: null });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toMatch(/in_app/);
  });

  it('proves a phone with a texted code; a wrong code is a 400 and tries are limited', async () => {
    const user = await t.createUser();
    texts.length = 0;
    const bad = await requestCode(user.token, '12345');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^phone: must be an international number/);

    const sent = await requestCode(user.token, '+1 (519) 555-0123');
    expect(sent.status).toBe(202);
    expect(sent.body.phone).toBe('+15195550123');
    expect(texts.map((text) => text.form.get('To'))).toEqual(['+15195550123']);
    const code = lastCode();
    expect(code).toMatch(/^\d{6}$/);
    // Kept only as a keyed hash: the code itself is nowhere in the row.
    const [row] = await t.services.database.db
      .select()
      .from(phoneVerifications)
      .where(eq(phoneVerifications.userId, user.id));
    expect(JSON.stringify(row)).not.toContain(code);
    const pending = await t.request<Settings>({ method: 'GET', url: SETTINGS, token: user.token });
    expect(pending.body).toMatchObject({
      phone: null,
      phone_verified: false,
      pending_phone: { phone: '+15195550123', expires_at: sent.body.expires_at },
    });

    // A second text within the minute is refused.
    const again = await requestCode(user.token, '+15195550123');
    expect(again.status).toBe(429);
    expect(again.body.detail).toMatch(/^phone: a code was texted less than a minute ago/);

    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await verify(user.token, '12ab')).body.detail).toBe(
      'code: must be the 6 digits texted to you',
    );
    const wrong = await verify(user.token, wrongCode);
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe('code: wrong code; 4 tries left');

    const verified = await verify(user.token, code.replace(/(\d{3})/, '$1 '));
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      phone: '+15195550123',
      phone_verified: true,
      pending_phone: null,
    });
    // Used once: the code is gone.
    expect((await verify(user.token, code)).status).toBe(409);

    // The number changed elsewhere (the account form) is no longer verified.
    await t.request({
      method: 'PUT',
      url: `/api/v1/users/${user.id}/update`,
      token: user.token,
      body: { phone: '+15195550199' },
    });
    const changed = await t.request<Settings>({ method: 'GET', url: SETTINGS, token: user.token });
    expect(changed.body).toMatchObject({ phone: '+15195550199', phone_verified: false });
  });

  it('stops after five wrong codes, even for the right one, until a new code is asked', async () => {
    const user = await t.createUser();
    await requestCode(user.token, '+447700900123');
    const code = lastCode();
    const wrongCode = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await verify(user.token, wrongCode));
    expect(answers.map((a) => [a.status, a.body.detail])).toEqual([
      [400, 'code: wrong code; 4 tries left'],
      [400, 'code: wrong code; 3 tries left'],
      [400, 'code: wrong code; 2 tries left'],
      [400, 'code: wrong code; 1 try left'],
      [409, 'code: too many wrong codes; request a new one'],
    ]);
    const right = await verify(user.token, code);
    expect([right.status, right.body.detail]).toEqual([
      409,
      'code: too many wrong codes; request a new one',
    ]);

    await aMinuteLater(user.id);
    expect((await requestCode(user.token, '+447700900123')).status).toBe(202);
    expect((await verify(user.token, lastCode())).body.phone_verified).toBe(true);
  });

  it('refuses an expired code with a 410', async () => {
    const user = await t.createUser();
    await requestCode(user.token, '+15195550124');
    const code = lastCode();
    await t.services.database.db
      .update(phoneVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneVerifications.userId, user.id));
    const expired = await verify(user.token, code);
    expect(expired.status).toBe(410);
    expect(expired.body.detail).toMatch(/^code: expired at \S+; request a new one$/);
    const [stored] = await t.services.database.db
      .select({ phone: users.phone, verifiedAt: users.phoneVerifiedAt })
      .from(users)
      .where(eq(users.id, user.id));
    expect(stored).toEqual({ phone: null, verifiedAt: null });
  });
});
