import PgBoss from 'pg-boss';

/**
 * Installs or upgrades pg-boss's own schema once, at start, under the migration lock. Left to
 * the queues themselves, two processes starting together each run pg-boss's `create schema`;
 * the loser fails with a duplicate key on pg_namespace (23505), which pg-boss's own race check
 * (it looks only for 'already exists') does not catch, and the process exits. Once the schema is
 * in place every later start only checks its version.
 */
export async function installJobQueueSchema(databaseUrl: string): Promise<void> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    max: 1,
    supervise: false,
    schedule: false,
    migrate: true,
  });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}
