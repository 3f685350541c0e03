import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../server/http-error.ts';
import { createPasswordHasher } from '../../../server/services/passwords.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

describe('password hashing under load (issue 37, finding 6)', () => {
  it('hashes one at a time with a short queue, and answers 503 beyond it', async () => {
    const hasher = createPasswordHasher(10, { concurrency: 1, maxWaiting: 2 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => hasher.hash(`password-${i}`)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    expect(refused).toHaveLength(2);
    expect(refused[0]).toBeInstanceOf(HttpError);
    expect((refused[0] as HttpError).statusCode).toBe(503);
  });
});

describe('correct sign-ins from one address (issue 37, finding 6)', () => {
  // 2^13: a hash takes long enough for parallel sign-ins to overlap.
  const t = setupTestApp('pglite', { config: { passwordHashCost: 13 } });
  const PASSWORD = 'girder-strong-1';

  const signIn = (email: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress,
      payload: { email, password: PASSWORD },
    });

  it('checks at most two at once per address; another address is not held up', async () => {
    const user = await t.createUser({ password: PASSWORD });
    const other = await t.createUser({ password: PASSWORD });
    const [burst, elsewhere] = await Promise.all([
      Promise.all(Array.from({ length: 6 }, () => signIn(user.email, '10.0.0.1'))),
      signIn(other.email, '10.0.0.2'),
    ]);
    const statuses = burst.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
    const refused = burst.find((answer) => answer.statusCode === 429);
    expect(refused?.json()).toEqual({
      detail: 'Another sign-in from this address is being checked; try again in a moment',
    });
    expect(refused?.headers['retry-after']).toBe('1');
    expect(elsewhere.statusCode).toBe(200);
    // Once answered, the address may sign in again.
    expect((await signIn(user.email, '10.0.0.1')).statusCode).toBe(200);
  });
});
