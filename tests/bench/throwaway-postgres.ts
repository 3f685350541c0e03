import pg from 'pg';
import { type Database, openDatabase } from '../../server/db/client.ts';

/**
 * A database of its own on the local PostgreSQL for a storage bench, made empty and dropped at
 * the end: the app's connection, a plain client for VACUUM and sizes, and the drop.
 */
export interface ThrowawayPostgres {
  database: Database;
  /** Connected once `open` resolves; for statements the app has no call for. */
  direct: pg.Client;
  /** Table, TOAST and indexes of a table and, when it is partitioned, of all its partitions. */
  relationBytes(table: string): Promise<number>;
  drop(): Promise<void>;
}

export async function openThrowawayPostgres(
  adminUrl: string,
  prefix: string,
): Promise<ThrowawayPostgres> {
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const database = openDatabase({ databaseUrl: url });
  const direct = new pg.Client({ connectionString: url });
  await direct.connect();
  return {
    database,
    direct,
    async relationBytes(table) {
      const { rows } = await direct.query<{ bytes: string }>(
        `SELECT (pg_total_relation_size('${table}') + coalesce(sum(pg_total_relation_size(relid)), 0))::bigint::text AS bytes
         FROM pg_partition_tree('${table}') WHERE relid <> '${table}'::regclass`,
      );
      return Number(rows[0]?.bytes ?? 0);
    },
    async drop() {
      await direct.end().catch(() => undefined);
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
