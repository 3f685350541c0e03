import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/test-app.ts';

/**
 * A write runs in the request's transaction, one PostgreSQL connection. The answer to recording
 * an inspection once asked pg for three queries at once on it (Promise.all), which pg deprecates
 * (it queues them; pg 9 will refuse). pg warns once per process, so this file holds one test.
 */
describe.skipIf(!process.env.DATABASE_URL)('recording an inspection on postgres', () => {
  const t = setupTestApp('postgres');
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.message);
  beforeEach(() => process.on('warning', onWarning));
  afterEach(() => process.off('warning', onWarning));

  it('asks its connection for one query at a time', async () => {
    const staff = await t.createUser({ staff: true });
    const bridge = await t.services.bridges.create({ name: 'Ambassador', location: 'Detroit' });
    const recorded = await t.request({
      method: 'POST',
      url: `/api/v1/bridges/${bridge.id}/inspections`,
      token: staff.token,
      body: {
        inspected_on: '2026-11-20',
        kind: 'routine',
        inspector: 'F. Inspector',
        rating: { scale: 'NBI', deck: 7, superstructure: 6, substructure: 5 },
      },
    });
    expect(recorded.status).toBe(201);
    // Node hands warnings to listeners on a later tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => w.includes('already executing a query'))).toEqual([]);
  });
});
