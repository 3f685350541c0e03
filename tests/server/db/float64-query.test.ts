import type { PGlite } from '@electric-sql/pglite';
import type { Transferable } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Database,
  type Db,
  openDatabase,
  openDatabaseLink,
} from '../../../server/db/client.ts';
import { float64ArrayFromText } from '../../../server/db/float-array-text.ts';
import { queryFloat64Rows } from '../../../server/db/float64-query.ts';
import {
  generalFloatArrayParser,
  parseFloatArrayText,
} from '../../../server/db/pg-float-arrays.ts';
import { type PortLike, serveDatabase } from '../../../server/db/pglite-host.ts';
import type { HostAnswer, HostRequest } from '../../../server/db/pglite-protocol.ts';
import {
  FLAT_FLOAT_ARRAY_TEXTS,
  OTHER_FLOAT_ARRAY_TEXTS,
  randomFloatArrayTexts,
} from '../../helpers/float-array-texts.ts';

// The analysis reads stored samples as Float64Arrays (decision 039): the values must be exactly
// those the arrays of numbers gave before, `values.map(Number)`, so NULL elements stay 0.

/** What the analysis made of a stored float array before: numbers, NULL as Number(null). */
const asBefore = (text: string) => (parseFloatArrayText(text) as unknown[]).map(Number);

/** Element by element with Object.is, so -0 and NaN count. */
const same = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === b.length && Array.from(a).every((v, i) => Object.is(v, b[i]));

const QUERY = `SELECT array[0.1, -2.5e-7, 'NaN', 'Infinity', '-Infinity', 1e300, '-0', null]::float8[] AS v,
                      '{}'::float8[] AS empty, array[1.25, null]::real[] AS single, 7 AS n`;
const EXPECTED = {
  v: [0.1, -2.5e-7, Number.NaN, Infinity, -Infinity, 1e300, -0, 0],
  empty: [],
  single: [1.25, 0],
};

function expectFloat64Row(row: Record<string, unknown> | undefined) {
  for (const [column, values] of Object.entries(EXPECTED)) {
    const read = row?.[column];
    expect(read).toBeInstanceOf(Float64Array);
    expect(same(read as Float64Array, values), column).toBe(true);
  }
  expect(row?.n).toBe(7);
}

describe('reading a float array as a Float64Array', () => {
  it.each([...FLAT_FLOAT_ARRAY_TEXTS, ...OTHER_FLOAT_ARRAY_TEXTS])(
    'reads %s as the number arrays were read',
    (text) => {
      expect(same(float64ArrayFromText(text, generalFloatArrayParser), asBefore(text))).toBe(true);
    },
  );

  it('agrees with the number arrays on a thousand random arrays', () => {
    for (const text of randomFloatArrayTexts(11, 1000)) {
      expect(same(float64ArrayFromText(text, generalFloatArrayParser), asBefore(text))).toBe(true);
    }
  });
});

/** A query's rows from the database thread's answer. */
const rowsOfAnswer = (answer: HostAnswer | undefined) =>
  answer?.ok ? (answer.result as unknown as { rows: Record<string, unknown>[] }).rows : [];

describe('queryFloat64Rows', () => {
  let inProcess: Database;
  let threaded: Database;
  beforeAll(() => {
    inProcess = openDatabase({});
    threaded = openDatabase({ pgliteThread: true });
  }, 60_000);
  afterAll(async () => {
    await inProcess?.close();
    await threaded?.close();
  });

  it('reads float arrays as Float64Arrays from an in-process PGlite', async () => {
    expectFloat64Row((await queryFloat64Rows<Record<string, unknown>>(inProcess.db, QUERY, []))[0]);
  }, 60_000);

  it('reads them from PGlite on its thread, and through another thread’s link', async () => {
    expectFloat64Row((await queryFloat64Rows<Record<string, unknown>>(threaded.db, QUERY, []))[0]);
    const linked = openDatabaseLink(await threaded.link());
    try {
      const rows = await queryFloat64Rows<Record<string, unknown>>(
        linked.db,
        'SELECT $1::float8[] AS v',
        ['{1,NULL,2.5}'],
      );
      expect(Array.from(rows[0]?.v as Float64Array)).toEqual([1, 0, 2.5]);
    } finally {
      await linked.close();
    }
  }, 60_000);

  // A company administrator's or operator's request runs in a transaction on the embedded
  // database (decision 072), whose drizzle object has no `$client`: every raw-level read of
  // theirs was a 500 (the contract fuzzer's find, 2026-12-01).
  it('reads them inside a transaction, in process and on the thread', async () => {
    for (const database of [inProcess, threaded]) {
      const row = await database.db.transaction(
        async (tx) =>
          (await queryFloat64Rows<Record<string, unknown>>(tx as unknown as Db, QUERY, []))[0],
      );
      expectFloat64Row(row);
    }
  }, 60_000);

  it.runIf(process.env.DATABASE_URL)('reads them from PostgreSQL', async () => {
    const database = openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 1 });
    try {
      expectFloat64Row(
        (await queryFloat64Rows<Record<string, unknown>>(database.db, QUERY, []))[0],
      );
      const inTransaction = await database.db.transaction(
        async (tx) =>
          (await queryFloat64Rows<Record<string, unknown>>(tx as unknown as Db, QUERY, []))[0],
      );
      expectFloat64Row(inTransaction);
    } finally {
      await database.close();
    }
  });

  it('has the database thread transfer the arrays’ buffers instead of copying them', async () => {
    const pglite = (inProcess.db as unknown as { $client: PGlite }).$client;
    const sent: { answer: HostAnswer; transfer: readonly Transferable[] }[] = [];
    let deliver: (request: HostRequest) => void = () => undefined;
    const port = {
      on(event: string, listener: (request: HostRequest) => void) {
        if (event === 'message') deliver = listener;
        return port;
      },
      postMessage: (answer: HostAnswer, transfer: readonly Transferable[] = []) =>
        void sent.push({ answer, transfer }),
    } as PortLike;
    serveDatabase(pglite, port);
    deliver({ id: 1, op: 'query', sql: QUERY, params: [], options: { float64Arrays: true } });
    deliver({ id: 2, op: 'query', sql: QUERY, params: [], options: {} });
    await expect.poll(() => sent.length, { timeout: 30_000 }).toBe(2);
    const [typed, plain] = sent;
    const row = rowsOfAnswer(typed?.answer)[0] as Record<string, Float64Array>;
    const buffers = [row.v?.buffer, row.empty?.buffer, row.single?.buffer];
    expect(typed?.transfer).toHaveLength(3);
    buffers.forEach((buffer, i) => expect(typed?.transfer[i]).toBe(buffer));
    // Every other query still reads numbers and NULLs, and nothing is transferred.
    expect(plain?.transfer).toEqual([]);
    expect(rowsOfAnswer(plain?.answer)[0]?.v).toEqual([
      0.1,
      -2.5e-7,
      Number.NaN,
      Infinity,
      -Infinity,
      1e300,
      -0,
      null,
    ]);
  }, 60_000);
});
