import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../../server/config/config.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp, type TestContext } from '../../helpers/test-app.ts';

const few = (max: number) => ({ max, windowSeconds: 600 });
const tight: Partial<AppConfig> = {
  rateLimits: {
    signInPerAddress: few(4),
    signInPerAccount: few(2),
    signUpPerAddress: few(2),
    contactPerAddress: few(2),
    refreshPerAddress: few(2),
  },
};

interface Attempt {
  url: string;
  body: unknown;
  from?: string;
  forwardedFor?: string;
  token?: string;
}

function send(t: TestContext, { url, body, from, forwardedFor, token }: Attempt) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    remoteAddress: from ?? '192.0.2.1',
    headers: {
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

const login = (email: string, password = 'wrong-password-1') => ({
  url: '/api/v1/auth/login',
  body: { email, password },
});

function expectThrottled(response: Awaited<ReturnType<typeof send>>) {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.json()).toEqual({ detail: expect.stringMatching(/^Too many .*try again in/) });
}

describe.each(drivers)('throttles on %s (issue 13)', (kind) => {
  const t = setupTestApp(kind, { config: tight });

  it('throttles sign-in per address across accounts, and X-Forwarded-For does not help', async () => {
    const user = await t.createUser({ password: 'right-password-1' });
    for (let i = 0; i < 4; i += 1) {
      const response = await send(t, {
        ...login(`nobody${i}@example.ca`),
        from: '192.0.2.10',
        forwardedFor: `198.51.100.${i}`,
      });
      expect(response.statusCode).toBe(401);
    }
    expectThrottled(
      await send(t, {
        ...login(user.email, 'right-password-1'),
        from: '192.0.2.10',
        forwardedFor: '198.51.100.99',
      }),
    );
  });

  it('never counts a correct sign-in: people signing in all day from one office are not throttled', async () => {
    const user = await t.createUser({ password: 'right-password-1' });
    for (let i = 0; i < 8; i += 1) {
      const response = await send(t, {
        ...login(user.email, 'right-password-1'),
        from: '192.0.2.30',
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('throttles sign-in per account and address: a stranger elsewhere cannot lock the owner out (issue 37, finding 5)', async () => {
    const user = await t.createUser({ password: 'right-password-1' });
    for (let i = 0; i < 2; i += 1) {
      expect((await send(t, { ...login(user.email), from: '192.0.2.20' })).statusCode).toBe(401);
    }
    expectThrottled(
      await send(t, { ...login(user.email.toUpperCase(), 'right-password-1'), from: '192.0.2.20' }),
    );
    const owner = await send(t, { ...login(user.email, 'right-password-1'), from: '192.0.2.22' });
    expect(owner.statusCode).toBe(200);
  });

  it.each([
    [
      'sign-up',
      (i: number) => ({
        url: '/api/v1/auth/signup',
        body: {
          username: `someone${i}`,
          email: `someone${i}@example.ca`,
          password: 'long-enough-1',
          company: 'C',
          address: 'A',
        },
      }),
    ],
    [
      'contact',
      (i: number) => ({
        url: '/api/auth/contact/',
        body: { first_name: 'A', email: `a${i}@example.ca`, message: 'Hello' },
      }),
    ],
    ['refresh', () => ({ url: '/api/v1/auth/refresh/', body: { refresh: 'not-a-token' } })],
  ])('throttles %s per address', async (_what, attempt) => {
    for (const i of [1, 2]) {
      expect((await send(t, { ...attempt(i), from: '192.0.2.30' })).statusCode).toBeLessThan(429);
    }
    expectThrottled(await send(t, { ...attempt(3), from: '192.0.2.30' }));
    // Another address still gets through.
    expect((await send(t, { ...attempt(4), from: '192.0.2.31' })).statusCode).toBeLessThan(429);
  });

  it('lets staff and company administrators create accounts through sign-up beyond the anonymous limit', async () => {
    const staff = await t.createUser({ staff: true });
    const admin = await t.createUser();
    await t.services.users.update(admin.id, { isCompanyAdmin: true });
    for (const [who, token] of [
      ['staff', staff.token],
      ['admin', admin.token],
    ] as const) {
      for (const i of [1, 2, 3]) {
        const response = await send(t, {
          url: '/api/v1/auth/signup',
          body: {
            username: `${who}-created${i}`,
            email: `${who}-created${i}@example.ca`,
            password: 'long-enough-1',
            company: 'Test Co',
            address: 'A',
          },
          from: '192.0.2.40',
          token,
        });
        expect(response.statusCode, `${who} ${i}`).toBe(201);
      }
    }
  });
});

describe.each(drivers)('a trusted proxy on %s', (kind) => {
  const t = setupTestApp(kind, {
    config: { ...tight, trustProxy: ['192.0.2.50', '10.0.0.0/8'] },
  });

  it('counts by the client address the trusted proxy forwards', async () => {
    for (let i = 0; i < 6; i += 1) {
      const response = await send(t, {
        ...login(`nobody${i}@example.ca`),
        from: i % 2 === 0 ? '192.0.2.50' : '10.1.2.3',
        forwardedFor: `198.51.100.${i}`,
      });
      expect(response.statusCode).toBe(401);
    }
    // An untrusted client's header is still ignored.
    for (let i = 0; i < 4; i += 1) {
      await send(t, {
        ...login(`x${i}@example.ca`),
        from: '192.0.2.60',
        forwardedFor: `203.0.113.${i}`,
      });
    }
    expectThrottled(
      await send(t, { ...login('y@example.ca'), from: '192.0.2.60', forwardedFor: '203.0.113.9' }),
    );
  });
});
