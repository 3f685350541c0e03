import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../db/client.ts';

// PostgreSQL's binary COPY format (ingest/copy-encoder.ts): no float text to print and parse,
// which is what makes weeks of demo samples load in seconds on the embedded database.

export interface CopyLoad {
  /** `table (columns)` */
  target: string;
  data: Uint8Array<ArrayBuffer>;
}

/** Runs binary COPYs in one transaction, on the embedded database or a PostgreSQL server. */
export function binaryCopier(database: Database): (loads: CopyLoad[]) => Promise<void> {
  const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (database.kind === 'postgres') {
    const pool = client as pg.Pool;
    return async (loads) => {
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        for (const { target, data } of loads) {
          await pipeline(
            Readable.from([Buffer.from(data.buffer, data.byteOffset, data.byteLength)]),
            connection.query(copyFrom(`COPY ${target} FROM STDIN WITH (FORMAT binary)`)),
          );
        }
        await connection.query('COMMIT');
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    };
  }
  const lite = client as PGlite;
  return (loads) =>
    lite.transaction(async (tx) => {
      for (const { target, data } of loads) {
        await tx.query(`COPY ${target} FROM '/dev/blob' WITH (FORMAT binary)`, [], {
          blob: new Blob([data]),
        });
      }
    });
}
