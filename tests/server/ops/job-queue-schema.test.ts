import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKS, withAdvisoryLock } from '../../../server/ops/advisory-lock.ts';
import { installJobQueueSchema } from '../../../server/ops/job-queue-schema.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database.ts';

const STARTING_TOGETHER = 6;

/**
 * Six processes starting at once on a database without pg-boss's schema each install it under
 * the migration lock, as main.ts does. Unlocked, pg-boss's own `create schema` race made the
 * loser exit with a duplicate key on pg_namespace (the scale-out test's CI failure).
 */
describe.runIf(process.env.DATABASE_URL)('the job queue schema at start', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it('is installed once by processes starting together, and every queue then starts', async () => {
    const url = testDb.url ?? '';
    const starts = await Promise.allSettled(
      Array.from({ length: STARTING_TOGETHER }, () =>
        withAdvisoryLock(url, LOCKS.migrate, () => installJobQueueSchema(url)),
      ),
    );
    expect(starts.filter((start) => start.status === 'rejected')).toEqual([]);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ version: number }>('select version from pgboss.version');
    await client.end();
    expect(rows).toHaveLength(1);

    const bosses = Array.from({ length: STARTING_TOGETHER }, () => {
      const boss = new PgBoss({ connectionString: url, max: 1, supervise: false, schedule: false });
      // As main.ts does: pg-boss re-emits its pool's errors, and an 'error' event nobody listens
      // to is thrown. CI saw one when the test database was dropped (57P01) after this test.
      boss.on('error', () => undefined);
      return boss;
    });
    const queues = await Promise.allSettled(bosses.map((boss) => boss.start()));
    await Promise.all(bosses.map((boss) => boss.stop({ graceful: false, close: true })));
    expect(queues.filter((queue) => queue.status === 'rejected')).toEqual([]);
  });
});
