import { describe, expect, it } from 'vitest';
import {
  parseRateLimit,
  RATE_LIMIT_SETTINGS,
  type RateLimits,
} from '../../../server/config/rate-limit-settings.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

/** The limits a server runs with when no RATE_LIMIT_* variable is set. */
const shippedLimits = Object.fromEntries(
  Object.entries(RATE_LIMIT_SETTINGS).map(([name, [, fallback]]) => [
    name,
    parseRateLimit(fallback),
  ]),
) as unknown as RateLimits;

describe.each(drivers)(
  'a stranger guessing a known account on %s (issue 37, finding 5)',
  (kind) => {
    const t = setupTestApp(kind, { config: { rateLimits: shippedLimits } });
    const PASSWORD = 'right-password-1';

    const signIn = (email: string, password: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress,
        payload: { email, password },
      });

    it('locks out the guessing address after 10 wrong passwords, and the owner elsewhere signs in', async () => {
      const owner = await t.createUser({ password: PASSWORD });
      expect(shippedLimits.signInPerAccount.max).toBe(10);
      for (let i = 0; i < 10; i += 1) {
        expect((await signIn(owner.email, `wrong-password-${i}`, '198.51.100.7')).statusCode).toBe(
          401,
        );
      }
      const stranger = await signIn(owner.email, PASSWORD, '198.51.100.7');
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json()).toEqual({
        detail: expect.stringMatching(
          /^Too many sign-in attempts for this account from this address; try again in \d+ s$/,
        ),
      });

      const elsewhere = await signIn(owner.email, PASSWORD, '203.0.113.40');
      expect(elsewhere.statusCode).toBe(200);
      expect(elsewhere.json()).toMatchObject({ access: expect.any(String) });
    });
  },
);
