import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { projectPath } from '../project-paths.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = projectPath('server', 'db', 'migrations');

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; when absent PGlite keeps everything in memory (tests). */
  dataDir?: string | undefined;
  /** Where the pool reports a dropped idle connection (the process's logger in the server). */
  log?: (message: string) => void;
}

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server drops (a restart, an admin's terminate) would otherwise be an
    // unhandled 'error' event that takes the whole process down; the pool reconnects on next use.
    pool.on('error', (error) => {
      (options.log ?? console.warn)(`PostgreSQL dropped an idle connection: ${error.message}`);
    });
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
