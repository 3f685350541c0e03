import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './client.ts';
import { FLOAT4_ARRAY_OID, FLOAT8_ARRAY_OID, float64ArrayFromText } from './float-array-text.ts';
import { generalFloatArrayParser } from './pg-float-arrays.ts';
import { BYTEA_OID, float64ArrayFromPackedText } from './packed-block-text.ts';
import { RemotePglite } from './pglite-remote.ts';

// pg-types' parameter type is its enum of builtins, which names no array type.
type TypeOid = Parameters<typeof pg.types.getTypeParser>[0];

const readFloat64Array = (text: string) => float64ArrayFromText(text, generalFloatArrayParser);
const isFloatArray = (oid: number) => oid === FLOAT8_ARRAY_OID || oid === FLOAT4_ARRAY_OID;

/** pg's parsers, with float arrays read as Float64Arrays (this query only). */
const float64Types = {
  getTypeParser: ((oid: TypeOid, format?: 'text' | 'binary') =>
    format === 'binary'
      ? pg.types.getTypeParser(oid, format)
      : isFloatArray(oid)
        ? readFloat64Array
        : oid === BYTEA_OID
          ? float64ArrayFromPackedText
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * The rows of one parameterised query (`$1`...), its float array columns read as Float64Arrays
 * (NULL elements 0) on every driver: from the database thread their buffers are transferred,
 * never cloned, and no array of numbers is made on either side (docs/decisions/039). Its bytea
 * columns are packed blocks of readings, decoded to Float64Arrays the same way (decision 052).
 */
export async function queryFloat64Rows<T>(db: Db, text: string, params: unknown[]): Promise<T[]> {
  const client = clientOf(db);
  if (client instanceof RemotePglite || isRemoteTransaction(client)) {
    return (await client.queryFloat64<T>(text, params)).rows;
  }
  if (isPglite(client)) {
    const parsers = {
      [FLOAT8_ARRAY_OID]: readFloat64Array,
      [FLOAT4_ARRAY_OID]: readFloat64Array,
      [BYTEA_OID]: float64ArrayFromPackedText,
    };
    return (await client.query<T>(text, params, { parsers })).rows;
  }
  return (await client.query<T & pg.QueryResultRow>({ text, values: params, types: float64Types }))
    .rows;
}

/** What `query` of a PGlite, or of one of its transactions, takes. */
type PgliteQueryable = Pick<PGlite, 'query'>;
type PgQueryable = Pick<pg.Pool | pg.PoolClient, 'query'>;
interface RemoteTransaction {
  queryFloat64<T>(sql: string, params: unknown[]): Promise<{ rows: T[] }>;
}

/**
 * The driver's client behind `db`: the database's own, or, inside a transaction (a company
 * administrator's or operator's request on the embedded database runs in one, decision 072),
 * the transaction's, which drizzle keeps on its session. Reading the first alone gave operators
 * a 500 for every raw-level read there (the contract fuzzer's find, 2026-12-01).
 */
function clientOf(db: Db): RemotePglite | RemoteTransaction | PgliteQueryable | PgQueryable {
  const own = (db as unknown as { $client?: RemotePglite | PGlite | pg.Pool }).$client;
  if (own) return own;
  const inTransaction = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (!inTransaction) throw new Error('queryFloat64Rows: no database client behind this db');
  return inTransaction as RemoteTransaction | PgliteQueryable | PgQueryable;
}

function isRemoteTransaction(client: object): client is RemoteTransaction {
  return typeof (client as Partial<RemoteTransaction>).queryFloat64 === 'function';
}

/** PGlite, or one of its transactions (which, unlike node-postgres's clients, can `rollback`). */
function isPglite(client: object): client is PgliteQueryable {
  const methods = client as { exec?: unknown; rollback?: unknown };
  return (
    client instanceof PGlite ||
    (typeof methods.exec === 'function' && typeof methods.rollback === 'function')
  );
}
