import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../db/client.ts';

// PostgreSQL's binary COPY format: no float text to print and parse, which is what makes
// weeks of demo samples load in seconds on the embedded database (text COPY or an unnest()
// insert spend most of their time there).

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
const FLOAT8_OID = 701;

/** Writes the rows of one binary COPY into a buffer sized up front. */
export class CopyEncoder {
  private readonly view: DataView;
  private readonly bytes: Uint8Array<ArrayBuffer>;
  private offset = 0;

  constructor(rowBytes: number) {
    this.bytes = new Uint8Array(SIGNATURE.length + 8 + rowBytes + 2);
    this.view = new DataView(this.bytes.buffer);
    this.bytes.set(SIGNATURE, 0);
    this.offset = SIGNATURE.length + 8; // flags and header-extension length, both zero
  }

  row(fields: number): this {
    this.view.setInt16(this.offset, fields);
    this.offset += 2;
    return this;
  }

  int4(value: number): this {
    this.view.setInt32(this.offset, 4);
    this.view.setInt32(this.offset + 4, value);
    this.offset += 8;
    return this;
  }

  int8(value: number): this {
    this.view.setInt32(this.offset, 8);
    this.view.setBigInt64(this.offset + 4, BigInt(value));
    this.offset += 12;
    return this;
  }

  float8(value: number): this {
    this.view.setInt32(this.offset, 8);
    this.view.setFloat64(this.offset + 4, value);
    this.offset += 12;
    return this;
  }

  timestamptz(ms: number): this {
    return this.int8(Math.round((ms - PG_EPOCH_MS) * 1000));
  }

  float8Array(values: readonly number[]): this {
    const view = this.view;
    view.setInt32(this.offset, 20 + 12 * values.length);
    view.setInt32(this.offset + 4, 1); // dimensions
    view.setInt32(this.offset + 8, 0); // no nulls
    view.setInt32(this.offset + 12, FLOAT8_OID);
    view.setInt32(this.offset + 16, values.length);
    view.setInt32(this.offset + 20, 1); // lower bound
    let o = this.offset + 24;
    for (const value of values) {
      view.setInt32(o, 8);
      view.setFloat64(o + 4, value);
      o += 12;
    }
    this.offset = o;
    return this;
  }

  finish(): Uint8Array<ArrayBuffer> {
    this.view.setInt16(this.offset, -1);
    return this.bytes.subarray(0, this.offset + 2);
  }
}

/** Bytes a row takes: 2 for the field count, 4 per field length, plus the values. */
export const copyRowBytes = {
  int4: 8,
  int8: 12,
  float8: 12,
  timestamptz: 12,
  float8Array: (n: number) => 24 + 12 * n,
  row: 2,
};

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
