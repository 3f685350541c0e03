// The databases of the end-to-end bench: a fresh migrated one (in-memory PGlite, or a database
// of its own on the PostgreSQL server when DATABASE_URL is set), and a frozen copy from which
// the healthy bridge and its damaged twins each continue (they share everything before the
// damage, which is most of the 14 months).
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase } from '../../server/db/client.ts';

export interface BenchDatabase {
  database: Database;
  /** Closes this database and keeps its contents to open copies of. */
  freeze(): Promise<FrozenDatabase>;
  drop(): Promise<void>;
}

export interface FrozenDatabase {
  open(): Promise<BenchDatabase>;
  discard(): Promise<void>;
}

async function admin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const serverDatabaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

const newName = () => `spanwatch_e2e_${process.pid}_${randomBytes(4).toString('hex')}`;

function serverDatabase(serverUrl: string, name: string): BenchDatabase {
  const database = openDatabase({ databaseUrl: serverDatabaseUrl(serverUrl, name), poolSize: 4 });
  const dropNamed = (named: string) =>
    admin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${named} WITH (FORCE)`));
  return {
    database,
    async freeze() {
      // A template must have no connections while it is copied.
      await database.close();
      return {
        async open() {
          const copy = newName();
          await admin(serverUrl, (c) => c.query(`CREATE DATABASE ${copy} TEMPLATE ${name}`));
          return serverDatabase(serverUrl, copy);
        },
        discard: async () => void (await dropNamed(name)),
      };
    },
    async drop() {
      await database.close();
      await dropNamed(name);
    },
  };
}

function pgliteDatabase(image?: Blob): BenchDatabase {
  const database = openDatabase({ pgliteImage: image });
  return {
    database,
    async freeze() {
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const frozen = await client.dumpDataDir('none');
      await database.close();
      return { open: async () => pgliteDatabase(frozen), discard: async () => undefined };
    },
    drop: () => database.close(),
  };
}

/** A fresh, migrated database for the bench. */
export async function freshBenchDatabase(): Promise<BenchDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  let bench: BenchDatabase;
  if (serverUrl) {
    const name = newName();
    await admin(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
    bench = serverDatabase(serverUrl, name);
  } else {
    bench = pgliteDatabase();
  }
  await bench.database.migrate();
  return bench;
}
