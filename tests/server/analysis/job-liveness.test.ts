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
        `select pid from pg_locks where locktype = 'advisory' and granted and pid <> pg_backend_pid()
           and database = (select oid from pg_database where datname = current_database())`,
      );
      expect(rows).toHaveLength(1);
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
      await expect.poll(() => logged.join('\n')).toMatch(/job liveness connection lost/);
      // The socket's end follows the server's message: give both their turn.
      await new Promise((resolve) => setTimeout(resolve, 500));

      await liveness.hold('job-2');
      const after = await admin.query<{ pid: number }>(
        `select pid from pg_locks where locktype = 'advisory' and granted and pid <> pg_backend_pid()
           and database = (select oid from pg_database where datname = current_database())`,
      );
      expect(after.rows).toHaveLength(1);
      expect(after.rows[0]?.pid).not.toBe(rows[0]?.pid);
      await admin.end();
    } finally {
      // Stopped even when a check fails: a held connection would keep the pool from ending.
      await liveness.stop();
      process.off('uncaughtException', onUncaught);
    }
    expect(uncaught).toEqual([]);
  });

  it('asks for a new connection for the next job when one could not be had', async () => {
    // One connection, taken by someone else: the first job's connection request times out.
    const small = new pg.Pool({
      connectionString: testDb.url,
      max: 1,
      connectionTimeoutMillis: 300,
    });
    const liveness = startJobLiveness(small, {
      queue: 'analysis',
      sweepIntervalSeconds: 60,
      graceSeconds: 10,
      failJobs: async () => undefined,
      log: () => undefined,
    });
    const other = await small.connect();
    try {
      await expect(liveness.hold('job-1')).rejects.toThrow(/timeout/);
      other.release();
      await liveness.hold('job-2');
      const { rows } = await pool.query<{ count: number }>(
        `select count(*)::int as count from pg_locks where locktype = 'advisory' and granted
           and database = (select oid from pg_database where datname = current_database())`,
      );
      expect(rows[0]?.count).toBe(1);
    } finally {
      await liveness.stop();
      await small.end();
    }
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

  describe('its sweep', () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    /** pg-boss's job table, as far as the sweep reads it. */
    beforeAll(async () => {
      await pool.query('create schema if not exists pgboss');
      await pool.query(
        `create table if not exists pgboss.job
           (id text primary key, name text not null, state text not null, started_on timestamptz)`,
      );
    });
    const activeSince = async (id: string, queue: string) =>
      pool.query(
        `insert into pgboss.job (id, name, state, started_on)
         values ($1, $2, 'active', now() - interval '1 minute')`,
        [id, queue],
      );

    it('leaves alone a job whose worker takes its lock late, after a free sighting', async () => {
      await activeSince('late-holder', 'late');
      const handedBack: string[] = [];
      const sweeper = startJobLiveness(pool, {
        queue: 'late',
        sweepIntervalSeconds: 0.2,
        graceSeconds: 3,
        failJobs: async (ids) => void handedBack.push(...ids),
        log: () => undefined,
      });
      const lateWorker = startJobLiveness(pool, {
        queue: 'none',
        sweepIntervalSeconds: 60,
        graceSeconds: 3,
        failJobs: async () => undefined,
        log: () => undefined,
      });
      try {
        await sleep(600); // the sweeps have seen its lock free
        await lateWorker.hold('late-holder');
        await sleep(4_000);
        expect(handedBack).toEqual([]);
      } finally {
        await lateWorker.stop();
        await sweeper.stop();
      }
    });

    it('hands back a job whose lock stays free for the grace', async () => {
      await activeSince('orphan', 'orphaned');
      const handedBack: string[] = [];
      const sweeper = startJobLiveness(pool, {
        queue: 'orphaned',
        sweepIntervalSeconds: 0.2,
        graceSeconds: 1,
        failJobs: async (ids) => void handedBack.push(...ids),
        log: () => undefined,
      });
      try {
        await expect.poll(() => handedBack, { timeout: 15_000 }).toEqual(['orphan']);
      } finally {
        await sweeper.stop();
      }
    });
  });
});
