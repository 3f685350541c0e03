import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, openDatabaseLink } from '../../../server/db/client.ts';
import { uniqueViolation } from '../../../server/db/errors.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { transactionRunner } from '../../../server/db/sql-runner.ts';

// The embedded database on a thread of its own (docs/decisions/009): what drizzle, the ingest's
// COPY path and a second thread's link see must be what an in-process PGlite gives them.

const count = async (database: Database, table = 'probe') =>
  Number(
    rowsOf<{ n: number }>(
      await database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`)),
    )[0]?.n,
  );

describe('PGlite on its own thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = openDatabase({ pgliteThread: true });
    await database.migrate();
    await database.db.execute(
      sql`CREATE TABLE probe (id int PRIMARY KEY, at timestamptz, v float8[])`,
    );
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('answers drizzle queries, with timestamps as text as drizzle expects', async () => {
    await database.db.execute(sql`INSERT INTO probe VALUES (1, '2026-01-02T03:04:05Z', '{1.5,2}')`);
    const [row] = rowsOf<{ id: number; at: string; v: number[] }>(
      await database.db.execute(sql`SELECT id, at, v FROM probe WHERE id = 1`),
    );
    expect(row).toEqual({ id: 1, at: '2026-01-02 03:04:05+00', v: [1.5, 2] });
  });

  it('reads float arrays as the in-process database does, gaps and non-finite values included', async () => {
    const query = sql`SELECT array[0.1, -2.5e-7, 'NaN', 'Infinity', '-Infinity', 1e300, null]::float8[] AS v,
                             '{}'::float8[] AS empty, '{{1,2},{3,4}}'::float8[] AS nested,
                             array[1.25, null]::real[] AS single`;
    const inProcess = openDatabase({});
    try {
      const expected = rowsOf(await inProcess.db.execute(query));
      expect(rowsOf(await database.db.execute(query))).toEqual(expected);
      expect(expected[0]).toMatchObject({
        empty: [],
        nested: [
          [1, 2],
          [3, 4],
        ],
      });
    } finally {
      await inProcess.close();
    }
  });

  it('keeps PostgreSQL error fields, so a unique violation is still recognised', async () => {
    const error = await database.db
      .execute(sql`INSERT INTO probe VALUES (1, now(), '{}')`)
      .catch((e: unknown) => e);
    expect(uniqueViolation(error)).toBe('probe_pkey');
  });

  it('commits a transaction, and rolls one back when its work throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO probe VALUES (2, now(), '{}')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO probe VALUES (3, now(), '{}')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const ids = rowsOf<{ id: number }>(
      await database.db.execute(sql`SELECT id FROM probe ORDER BY id`),
    );
    expect(ids.map((r) => r.id)).toEqual([1, 2]);
  });

  it('runs the ingest COPY path (a binary blob) inside a transaction', async () => {
    await database.db.execute(sql`CREATE TABLE copied (n int)`);
    await transactionRunner(database)(async (exec) => {
      await exec.copyIn('copied (n)', binaryCopyOfInts([7, 8, 9]));
    });
    expect(await count(database, 'copied')).toBe(3);
  });

  it('serves a second thread through a link, with the same data', async () => {
    const linked = openDatabaseLink(await database.link());
    expect(await count(linked)).toBe(2);
    await linked.db.execute(sql`INSERT INTO probe VALUES (4, now(), '{}')`);
    expect(await count(database)).toBe(3);
    await linked.close();
  });
});

/** PostgreSQL's binary COPY format for one int4 column. */
function binaryCopyOfInts(values: number[]): Uint8Array<ArrayBuffer> {
  const header = [...Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), 0, 0, 0, 0, 0, 0, 0, 0];
  const out = Buffer.alloc(header.length + values.length * 10 + 2);
  Buffer.from(header).copy(out, 0);
  let at = header.length;
  for (const value of values) {
    at = out.writeInt16BE(1, at);
    at = out.writeInt32BE(4, at);
    at = out.writeInt32BE(value, at);
  }
  out.writeInt16BE(-1, at);
  return new Uint8Array(out.buffer.slice(out.byteOffset, out.byteOffset + out.length));
}
