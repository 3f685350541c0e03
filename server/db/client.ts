import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { projectPath } from '../project-paths.ts';
import { startWorker } from '../threads/start-worker.ts';
import { useFastFloatArrays } from './pg-float-arrays.ts';
import { serveDatabase } from './pglite-host.ts';
import { RemotePglite } from './pglite-remote.ts';
import { registerTenantPool } from './tenant-pools.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** What another thread needs to reach this database (openDatabaseLink there). */
  link(): Promise<DatabaseLink>;
}

/** A database handed to a worker thread: the server's URL, or a port to PGlite's owner. */
export type DatabaseLink =
  { kind: 'postgres'; databaseUrl: string } | { kind: 'pglite'; port: MessagePort };

const migrationsFolder = projectPath('server', 'db', 'migrations');

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; when absent PGlite keeps everything in memory (tests). */
  dataDir?: string | undefined;
  /**
   * An in-memory PGlite starts from this dumped data directory (`dumpDataDir`): the tests'
   * migrated template, loaded in a fraction of the time migrating takes.
   */
  pgliteImage?: Blob | undefined;
  /**
   * Run PGlite on a thread of its own (docs/decisions/009). Default: with a data directory
   * (the app); in memory (tests) it runs on the calling thread.
   */
  pgliteThread?: boolean | undefined;
  /** PostgreSQL's shared_buffers of the embedded database on its thread (PGLITE_SHARED_BUFFERS_MB). */
  pgliteSharedBuffersMb?: number | undefined;
  /** Where the pool reports a dropped idle connection (the process's logger in the server). */
  log?: (message: string) => void;
  /** PostgreSQL connections a process may open, both pools together (default 10: 5 + 5). */
  poolSize?: number | undefined;
}

/** How long an idle connection of the tenant pool is kept open (decision 072, 2026-12-03). */
const TENANT_IDLE_MS = 60_000;

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const databaseUrl = options.databaseUrl;
    useFastFloatArrays();
    // The configured size is split between the two pools (decision 072, amended 2026-12-01):
    // a process opens at most `poolSize` connections (it opened twice that), half of them (at
    // least one) for companies' reads, the rest (at least one) for the server's own work. A
    // default of 20 was tried and not kept (decision 072, amended 2026-12-02).
    const size = options.poolSize ?? 10;
    const tenantSize = Math.max(1, Math.floor(size / 2));
    const newPool = (max: number, idleTimeoutMillis?: number) => {
      const pool = new pg.Pool({ connectionString: databaseUrl, max, idleTimeoutMillis });
      // An idle connection the server drops (a restart, an admin's terminate) would otherwise be
      // an unhandled 'error' event that takes the whole process down; the pool reconnects.
      pool.on('error', (error) => {
        (options.log ?? console.warn)(`PostgreSQL dropped an idle connection: ${error.message}`);
      });
      return pool;
    };
    const pool = newPool(Math.max(1, size - tenantSize));
    // Company administrators' and operators' reads, held to their company (decision 072). Only
    // requests use it, so it is not kept warm by the server's own work as the other pool is: an
    // idle connection stays a minute (pg's default: 10 s), so a user's next dashboard opening
    // finds its connections open and, often, already holding its company (amended 2026-12-03).
    const tenantPool = newPool(tenantSize, TENANT_IDLE_MS);
    registerTenantPool(pool, tenantPool);
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      close: async () => {
        await Promise.all([pool.end(), tenantPool.end()]);
      },
      link: async () => ({ kind: 'postgres', databaseUrl }),
    };
  }
  return (options.pgliteThread ?? options.dataDir !== undefined)
    ? pgliteOnThread(options.dataDir, options.pgliteSharedBuffersMb, options.log)
    : pgliteHere(options.dataDir, options.pgliteImage);
}

function pgliteDatabase(
  client: PGlite | RemotePglite,
  rest: Omit<Database, 'db' | 'kind' | 'migrate'>,
): Database {
  // RemotePglite answers the part of PGlite's interface that drizzle calls.
  const db = drizzlePglite(client as PGlite, { schema });
  return { db, kind: 'pglite', migrate: () => migratePglite(db, { migrationsFolder }), ...rest };
}

/** PGlite on this thread; other threads reach it through ports this thread answers. */
function pgliteHere(dataDir: string | undefined, image: Blob | undefined): Database {
  const client = dataDir
    ? new PGlite(dataDir)
    : new PGlite(image ? { loadDataDir: image } : undefined);
  return pgliteDatabase(client, {
    close: () => client.close(),
    async link() {
      const { port1, port2 } = new MessageChannel();
      serveDatabase(client, port1);
      port1.unref(); // a forgotten link must not keep the process alive
      return { kind: 'pglite', port: port2 };
    },
  });
}

/** PGlite on its own worker thread, the one owner of the data directory. */
function pgliteOnThread(
  dataDir: string | undefined,
  sharedBuffersMb: number | undefined,
  log: ((message: string) => void) | undefined,
): Database {
  const worker = startWorker('pglite', { workerData: { dataDir, sharedBuffersMb } });
  const client = new RemotePglite(
    worker,
    log && {
      onSlow: (what, ms) => log(`PGlite answered after ${(ms / 1000).toFixed(1)} s: ${what}`),
    },
  );
  worker.on('error', (error) => client.fail(error));
  worker.on('exit', (code) => client.fail(new Error(`the database thread exited (${code})`)));
  return pgliteDatabase(client, {
    async close() {
      await client.close();
      await worker.terminate();
    },
    async link() {
      const { port1, port2 } = new MessageChannel();
      await client.connect(port1);
      return { kind: 'pglite', port: port2 };
    },
  });
}

/** The database a worker thread was given (Database.link in the thread that owns it). */
export function openDatabaseLink(link: DatabaseLink): Database {
  if (link.kind === 'postgres') return openDatabase({ databaseUrl: link.databaseUrl, poolSize: 2 });
  const client = new RemotePglite(link.port);
  return pgliteDatabase(client, {
    close: async () => link.port.close(),
    link: () => Promise.reject(new Error('a linked database hands out no further links')),
  });
}
