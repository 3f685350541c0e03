import { AsyncLocalStorage } from 'node:async_hooks';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client.ts';
import { type ConnectionSettings, setSettingsStatement } from './connection-settings.ts';
import * as schema from './schema.ts';
import { SerialConnection } from './serial-connection.ts';
import { tenantPoolBeside } from './tenant-pools.ts';
import { type Lent, TenantRequestPool } from './tenant-request-pool.ts';

/**
 * How many connections one read request may hold for its parallel queries, when the pool has
 * them free: the dashboard's handlers run at most a few queries at once (bench:rls).
 */
const CONNECTIONS_PER_READ = 3;

/** What a request's queries go to: its transaction's connection, or its tenant connections. */
interface RequestConnections {
  query(query: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult>;
  connect(): Promise<Lent>;
}

const current = new AsyncLocalStorage<RequestConnections>();

function connectionsNow(): RequestConnections {
  const connections = current.getStore();
  if (!connections) throw new Error('a request database was used outside its request');
  return connections;
}

/**
 * The client drizzle is given for requests: each query goes to the connections of the request
 * it runs in. One drizzle per pool, built once: building one per request walks the whole schema
 * (its relations) and cost more than the round trips saved. Its name ends in "Pool" because that
 * is how drizzle recognises a pool, and it then opens a transaction with `connect()`.
 */
class RequestRoutedPool {
  query(query: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    return connectionsNow().query(query, values);
  }

  connect(): Promise<Lent> {
    return connectionsNow().connect();
  }
}

const requestDatabases = new WeakMap<pg.Pool, Db>();

function requestDbOf(pool: pg.Pool): Db {
  let db = requestDatabases.get(pool);
  if (!db) {
    const routed = new RequestRoutedPool() as unknown as pg.Pool;
    db = drizzlePg(routed, { schema }) as unknown as Db;
    requestDatabases.set(pool, db);
  }
  return db;
}

/** The server's pool behind a database, or null on the embedded database (one connection). */
export function serverPoolOf(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/**
 * `work` in one transaction on one connection of the server's pool, opened with `settings`
 * (SET LOCAL, gone at COMMIT or ROLLBACK) in the same message as its BEGIN.
 */
export async function inServerTransaction<T>(
  pool: pg.Pool,
  settings: ConnectionSettings,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  const connection = new SerialConnection(
    await pool.connect(),
    setSettingsStatement(settings, true),
  );
  try {
    return await current.run(connection, () =>
      requestDbOf(pool).transaction((tx) => work(tx as unknown as Db)),
    );
  } finally {
    connection.release();
  }
}

/**
 * `work` without a transaction, on connections of the tenant pool that carry `settings` for
 * their session (TenantRequestPool); null when the pool has no tenant pool beside it.
 */
export function onTenantConnections<T>(
  pool: pg.Pool,
  settings: ConnectionSettings,
  work: (db: Db) => Promise<T>,
): Promise<T> | null {
  const tenantPool = tenantPoolBeside(pool);
  if (!tenantPool) return null;
  const connections = new TenantRequestPool(tenantPool, settings, CONNECTIONS_PER_READ);
  return current.run(connections, () => work(requestDbOf(pool))).finally(() => connections.end());
}
