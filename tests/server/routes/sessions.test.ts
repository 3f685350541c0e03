import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { authSessions, refreshTokens, users } from '../../../server/db/schema.ts';
import { REUSE_GRACE_MS } from '../../../server/repositories/sessions-repository.ts';
import { createPasswordHasher } from '../../../server/services/passwords.ts';
import { testConfig, setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';

interface Pair {
  access: string;
  refresh: string;
}

describe.each(drivers)('sessions on %s', (kind) => {
  const t = setupTestApp(kind);
  const PASSWORD = 'girder-strong-1';

  async function signIn(email: string): Promise<Pair> {
    const login = await t.request<Pair>({
      method: 'POST',
      url: '/api/v1/auth/login',
      body: { email, password: PASSWORD },
    });
    expect(login.status).toBe(200);
    return login.body;
  }

  const refresh = (token: string) =>
    t.request<Pair & { detail?: string }>({
      method: 'POST',
      url: '/api/v1/auth/refresh/',
      body: { refresh: token },
    });
  /** Moves every spent token's rotation past the reuse interval, as if minutes had passed. */
  const spentLongAgo = () =>
    t.services.database.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - REUSE_GRACE_MS - 60_000) })
      .where(isNotNull(refreshTokens.rotatedAt));
  const me = (access: string) =>
    t.request({ method: 'GET', url: '/api/v1/user/me', token: access });

  it('rotates the refresh token on every use: the old one is spent, the new one works', async () => {
    const user = await t.createUser({ password: PASSWORD });
    const first = await signIn(user.email);

    const second = await refresh(first.refresh);
    expect(second.status).toBe(200);
    expect(second.body.refresh).not.toBe(first.refresh);
    expect((await me(second.body.access)).status).toBe(200);

    const third = await refresh(second.body.refresh);
    expect(third.status).toBe(200);
    expect((await me(third.body.access)).status).toBe(200);
  });

  it('a reused refresh token ends its whole family, and only that family', async () => {
    const user = await t.createUser({ password: PASSWORD });
    const stolen = await signIn(user.email);
    const otherDevice = await signIn(user.email);
    const rotated = await refresh(stolen.refresh);
    await spentLongAgo();

    const replay = await refresh(stolen.refresh);

    expect(replay.status).toBe(401);
    expect(replay.body.detail).toMatch(/already used/);
    // The legitimate holder's successor token and access token die with the family.
    expect((await refresh(rotated.body.refresh)).status).toBe(401);
    expect(await me(rotated.body.access)).toMatchObject({
      status: 401,
      body: { detail: 'This session has ended; sign in again' },
    });
    const sessions = await t.services.database.db
      .select({ reason: authSessions.revokedReason })
      .from(authSessions)
      .where(eq(authSessions.userId, user.id));
    expect(sessions.filter((row) => row.reason === 'reuse')).toHaveLength(1);
    // Another sign-in of the same user is another family.
    expect((await me(otherDevice.access)).status).toBe(200);
    expect((await refresh(otherDevice.refresh)).status).toBe(200);
  });

  it('a second use within the reuse interval (two tabs refreshing at once) keeps the session', async () => {
    const user = await t.createUser({ password: PASSWORD });
    const shared = await signIn(user.email);
    const firstTab = await refresh(shared.refresh);

    const secondTab = await refresh(shared.refresh);

    expect(secondTab.status).toBe(200);
    // The same successor, not a second chain (issue 37, finding 4).
    expect(secondTab.body.refresh).toBe(firstTab.body.refresh);
    expect((await me(firstTab.body.access)).status).toBe(200);
    expect((await me(secondTab.body.access)).status).toBe(200);
    expect((await refresh(firstTab.body.refresh)).status).toBe(200);
  });

  it('8 parallel uses of one refresh token get one successor and leave one live token', async () => {
    const user = await t.createUser({ password: PASSWORD });
    const unspent = async () =>
      (
        await t.services.database.db
          .select({ sessionId: refreshTokens.sessionId })
          .from(refreshTokens)
          .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
          .where(and(eq(authSessions.userId, user.id), isNull(refreshTokens.rotatedAt)))
      ).length;
    const before = await unspent();
    const shared = await signIn(user.email);
    const answers = await Promise.all(Array.from({ length: 8 }, () => refresh(shared.refresh)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 8 }, () => 200));
    expect(new Set(answers.map((a) => a.body.refresh)).size).toBe(1);
    // The sign-in's token spent, its one successor live: one more than before, not eight.
    expect(await unspent()).toBe(before + 1);

    // Spent long ago, the shared token ends the one family.
    await spentLongAgo();
    expect((await refresh(shared.refresh)).status).toBe(401);
    expect((await refresh(answers[0]?.body.refresh ?? '')).status).toBe(401);
  });

  it('logout ends the session: its refresh and access tokens stop working at once', async () => {
    const user = await t.createUser({ password: PASSWORD });
    const session = await signIn(user.email);
    const other = await signIn(user.email);

    const out = await t.request({
      method: 'POST',
      url: '/api/v1/auth/logout',
      body: { refresh: session.refresh },
    });

    expect(out.status).toBe(204);
    expect((await refresh(session.refresh)).status).toBe(401);
    expect((await me(session.access)).status).toBe(401);
    expect((await me(other.access)).status).toBe(200);
    // Logging out twice, or with a token nobody knows, still answers 204.
    for (const token of [session.refresh, 'swr_unknown', 'not-a-token']) {
      const again = await t.request({
        method: 'POST',
        url: '/api/v1/auth/logout',
        body: { refresh: token },
      });
      expect(again.status).toBe(204);
    }
  });

  it('refuses an old-style or unknown refresh token, and an access token used as one', async () => {
    const user = await t.createUser({ password: PASSWORD });
    const session = await signIn(user.email);
    for (const token of [session.access, 'swr_made-up', 'eyJhbGciOiJIUzI1NiJ9.e30.x']) {
      expect(await refresh(token)).toMatchObject({
        status: 401,
        body: { detail: 'Invalid or expired refresh token' },
      });
    }
  });

  it('refuses a correctly signed access token without exp, even for a live session', async () => {
    const user = await t.createUser({ password: PASSWORD });
    await signIn(user.email);
    const [live] = await t.services.database.db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(eq(authSessions.userId, user.id));
    const forever = await new SignJWT({ typ: 'access', sid: live?.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('spanwatch')
      .setIssuedAt()
      .sign(new TextEncoder().encode(testConfig.jwtSecret));

    expect(await me(forever)).toMatchObject({
      status: 401,
      body: { detail: 'Invalid or expired access token' },
    });
  });

  it('rehashes a password made with older scrypt parameters on the next sign-in', async () => {
    const user = await t.createUser({ password: PASSWORD });
    const legacy = await createPasswordHasher(9).hash(PASSWORD);
    await t.services.database.db
      .update(users)
      .set({ passwordHash: legacy })
      .where(eq(users.id, user.id));

    await signIn(user.email);

    const stored = await t.services.users.findById(user.id);
    expect(stored?.passwordHash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(t.services.passwords.needsRehash(stored?.passwordHash ?? '')).toBe(false);
    // The new hash is of the same password.
    await signIn(user.email);
  });

  it('does not rehash after a wrong password', async () => {
    const user = await t.createUser({ password: PASSWORD });
    const legacy = await createPasswordHasher(9).hash(PASSWORD);
    await t.services.database.db
      .update(users)
      .set({ passwordHash: legacy })
      .where(eq(users.id, user.id));

    const wrong = await t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      body: { email: user.email, password: 'not-the-password' },
    });

    expect(wrong.status).toBe(401);
    expect((await t.services.users.findById(user.id))?.passwordHash).toBe(legacy);
  });

  it('ends a session at its absolute lifetime, however often it was refreshed (issue 37, finding 14)', async () => {
    const user = await t.createUser({ password: PASSWORD });
    const first = await signIn(user.email);
    const renewed = await refresh(first.refresh);
    expect(renewed.status).toBe(200);
    // Signed in 30 days and a minute ago (the default lifetime), refreshed just now.
    await t.services.database.db
      .update(authSessions)
      .set({ createdAt: new Date(Date.now() - (30 * 24 * 60 + 1) * 60_000) })
      .where(eq(authSessions.userId, user.id));

    const late = await refresh(renewed.body.refresh);
    expect(late.status).toBe(401);
    expect(late.body.detail).toBe('This session has reached its maximum lifetime; sign in again');
    expect((await me(renewed.body.access)).status).toBe(401);
    // A new sign-in starts a new session.
    expect((await me((await signIn(user.email)).access)).status).toBe(200);
  });
});
