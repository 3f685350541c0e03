import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../db/client.ts';

/** The few things the readings writer needs inside one transaction, on either driver. */
export interface Exec {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** COPY ... FROM STDIN of text-format rows; only on a PostgreSQL server. */
  copyIn?(copySql: string, rows: string): Promise<void>;
}

export type Transact = <T>(work: (exec: Exec) => Promise<T>) => Promise<T>;

/**
 * Transactions on the raw driver under drizzle: the ingest's hot path needs COPY (pg) and plain
 * parameterised SQL, which drizzle's query builder does not offer.
 */
export function transactionRunner(database: Database): Transact {
  const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (database.kind === 'postgres') {
    const pool = client as pg.Pool;
    return async (work) => {
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        const result = await work({
          query: async (text, params) => (await connection.query(text, params)).rows,
          async copyIn(copySql, rows) {
            await pipeline(Readable.from([rows]), connection.query(copyFrom(copySql)));
          },
        });
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    };
  }
  const lite = client as PGlite;
  return (work) =>
    lite.transaction((tx) =>
      work({
        query: async <T>(text: string, params?: unknown[]) =>
          (await tx.query<T>(text, params)).rows,
      }),
    );
}
