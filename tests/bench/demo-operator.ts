// The demo operator's requests for the row-level security benches (rls-paired-bench,
// rls-dashboard-plans): one sign-in and one check of the answers, so the two benches open the
// dashboard as the same person and read the same answers as failures.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../server/db/schema.ts';
import { DEMO_OPERATOR } from '../../server/seed/demo-accounts.ts';
import type { Services } from '../../server/services.ts';

/** A GET as the demo operator: the answer's body, or a throw on a status the dashboard fails on. */
export type OperatorGet = (app: FastifyInstance, url: string) => Promise<string>;

/**
 * Signs the demo operator in on the demo seedDemo seeded (a session started as a sign-in starts
 * one, without the password hash's time, which the benches do not measure); their GETs.
 */
export async function demoOperatorGet(services: Services): Promise<OperatorGet> {
  const [operator] = await services.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_OPERATOR.email));
  if (!operator) throw new Error('the demo operator is missing');
  const token = (await services.sessions.start(operator.id)).access;
  return async (app, url) => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    // 409: no analysis yet (no history), what the dashboard meets on a new bridge too.
    if (response.statusCode !== 200 && response.statusCode !== 409) {
      throw new Error(`${url}: ${response.statusCode}`);
    }
    return response.body;
  };
}
