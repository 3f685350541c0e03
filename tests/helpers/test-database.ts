import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../../server/db/client.ts';

export type DriverKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL points at a server (CI sets it). */
export const drivers: DriverKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  database: Database;
  /** The server database's URL (PostgreSQL only), for a server process started by a test. */
  url?: string;
  drop(): Promise<void>;
}

/** A migrated database of its own for one test file: in-memory PGlite or a fresh server database. */
export async function createTestDatabase(kind: DriverKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = openDatabase({});
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is not set');
  const name = `spanwatch_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ databaseUrl: url.toString() });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

const TABLES = [
  'audit_log',
  'dead_letters',
  'login_failures',
  'contact_messages',
  'user_datastreams',
  'user_bridges',
  'datastream_sensors',
  'datastreams',
  'sensors',
  'spans',
  'bridges',
  'users',
];

/** Every test starts on clean data. */
export async function truncateAll(database: Database): Promise<void> {
  await database.db.execute(sql.raw(`TRUNCATE ${TABLES.join(', ')} RESTART IDENTITY CASCADE`));
}
