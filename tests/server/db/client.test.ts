import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../helpers/test-database.ts';

// A dropped idle connection once surfaced as an unhandled 'error' event, which kills a server
// (and failed a test run when a test database was dropped with its pool still closing).
describe.runIf(process.env.DATABASE_URL)('the PostgreSQL pool', () => {
  it('survives the server terminating its idle connections, and reconnects', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { database, drop } = await createTestDatabase('postgres');
    try {
      await database.db.execute(sql`select 1`);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      const name = (await database.db.execute(
        sql`select current_database() as name`,
      )) as unknown as {
        rows: { name: string }[];
      };
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
        [name.rows[0]?.name],
      );
      await admin.end();
      await vi.waitFor(() => expect(warn).toHaveBeenCalled());
      const again = await database.db.execute(sql`select 2 as two`);
      expect(again).toBeDefined();
    } finally {
      await drop();
      warn.mockRestore();
    }
  });
});
