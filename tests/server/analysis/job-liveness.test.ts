import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobLiveness } from '../../../server/analysis/job-liveness.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database.ts';

/**
 * The connection that holds running jobs' locks can be cut (a server restart, an administrator's
 * terminate). The worker must take a new one and go on: a second release of the lost one once
 * threw from pg-pool inside an 'error' listener, which ends a server process.
 */
describe.skipIf(!process.env.DATABASE_URL)('the job liveness connection', () => {
  let testDb: TestDatabase;
  let pool: pg.Pool;
  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    pool = new pg.Pool({ connectionString: testDb.url, max: 4 });
    pool.on('error', () => undefined);
  });
  afterAll(async () => {
    await pool?.end();
    await testDb?.drop();
  });

  it('survives its connection being terminated, and holds the next job on a new one', async () => {
    const logged: string[] = [];
    const liveness = startJobLiveness(pool, {
      queue: 'analysis',
      sweepIntervalSeconds: 60,
      graceSeconds: 10,
      failJobs: async () => undefined,
      log: (message) => logged.push(message),
    });
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      await liveness.hold('job-1');
      const admin = new pg.Client({ connectionString: testDb.url });
      await admin.connect();
      const { rows } = await admin.query<{ pid: number }>(
        `select pid from pg_locks where locktype = 'advisory' and granted and pid <> pg_backend_pid()`,
      );
      expect(rows).toHaveLength(1);
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
      await expect.poll(() => logged.join('\n')).toMatch(/job liveness connection lost/);
      // The socket's end follows the server's message: give both their turn.
      await new Promise((resolve) => setTimeout(resolve, 500));

      await liveness.hold('job-2');
      const after = await admin.query<{ pid: number }>(
        `select pid from pg_locks where locktype = 'advisory' and granted and pid <> pg_backend_pid()`,
      );
      expect(after.rows).toHaveLength(1);
      expect(after.rows[0]?.pid).not.toBe(rows[0]?.pid);
      await admin.end();
      await liveness.stop();
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    expect(uncaught).toEqual([]);
  });

  it('ignores an error its connection reports after the worker stopped and gave it back', async () => {
    const clients: pg.PoolClient[] = [];
    const onAcquire = (client: pg.PoolClient) => clients.push(client);
    pool.on('acquire', onAcquire);
    const liveness = startJobLiveness(pool, {
      queue: 'analysis',
      sweepIntervalSeconds: 60,
      graceSeconds: 10,
      failJobs: async () => undefined,
      log: () => undefined,
    });
    await liveness.hold('job-1');
    pool.off('acquire', onAcquire);
    const [holder] = clients;
    await liveness.stop();
    // What a dropped database sends to a session still closing (seen in CI): pg emits it to the
    // listeners the connection has, and the old one released the connection a second time.
    expect(() =>
      holder?.emit('error', new Error('terminating connection due to administrator command')),
    ).not.toThrow();
  });
});
