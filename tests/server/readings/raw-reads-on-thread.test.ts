import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBlock } from '../../../server/codec/block-codec.ts';
import { type Database, openDatabase } from '../../../server/db/client.ts';
import { createReadingsQueryRepository } from '../../../server/readings/readings-query-repository.ts';

// The export and the chart's raw level read their values as Float64Arrays the database thread
// transfers (decision 047): what they give must be what the in-process database gives, to the
// character, on the thread the server runs PGlite on. Blocks stored before migration 0030 hold
// an array, newer ones a packed block (decision 052): both are read, and a damaged packed block
// fails the read instead of giving other numbers.

const START_MS = Date.UTC(2026, 10, 2, 8, 0, 0);

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const PACKED = encodeBlock([0.25, -1e-7]);
const DAMAGED = encodeBlock([0.25, -1e-7]);
DAMAGED[3] = (DAMAGED[3] as number) ^ 0x10;

/**
 * The two tables the raw reads touch, with three array blocks (1 Hz, 0.5 Hz, a single reading)
 * and a packed one (2 Hz); stream 8 has a damaged packed block.
 */
async function fill(database: Database) {
  await database.db.execute(sql`
    CREATE TABLE datastreams (id int PRIMARY KEY, stream_id text, data_type text,
                             resolution float8)`);
  await database.db.execute(sql`
    CREATE TABLE readings (datastream_id int, start timestamptz, rate_hz float8,
                           values float8[], n int, packed bytea,
                           PRIMARY KEY (datastream_id, start))`);
  await database.db.execute(
    sql`INSERT INTO datastreams VALUES (7, 'deck-acc', 'acceleration', NULL)`,
  );
  await database.db.execute(sql`
    INSERT INTO readings VALUES
      (7, ${new Date(START_MS).toISOString()}::timestamptz, 1, '{0.1,-2.5e-7,3.14159265}', 3, NULL),
      (7, ${new Date(START_MS + 3000).toISOString()}::timestamptz, 0.5, '{1e300,-0}', 2, NULL),
      (7, ${new Date(START_MS + 7250).toISOString()}::timestamptz, 0, '{42.000001}', 1, NULL),
      (7, ${new Date(START_MS + 9000).toISOString()}::timestamptz, 2, NULL, 2,
       decode(${hex(PACKED)}, 'hex')),
      (8, ${new Date(START_MS).toISOString()}::timestamptz, 2, NULL, 2,
       decode(${hex(DAMAGED)}, 'hex'))`);
}

async function collect(lines: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const line of lines) text += line;
  return text;
}

describe('raw reads on the database thread (decision 047)', () => {
  let threaded: Database;
  let inProcess: Database;
  beforeAll(async () => {
    threaded = openDatabase({ pgliteThread: true });
    inProcess = openDatabase({});
    await Promise.all([fill(threaded), fill(inProcess)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([threaded?.close(), inProcess?.close()]);
  });

  it('exports the same CSV as the in-process database', async () => {
    const csvOf = (database: Database) =>
      collect(createReadingsQueryRepository(database.db).csvLines(7, START_MS, START_MS + 60_000));
    const exported = await csvOf(threaded);
    expect(exported).toBe(await csvOf(inProcess));
    expect(exported.split('\n')).toEqual([
      'timestamp,deck-acc (m/s²)',
      '2026-11-02T08:00:00.000Z,0.1',
      '2026-11-02T08:00:01.000Z,-2.5e-7',
      '2026-11-02T08:00:02.000Z,3.14159',
      '2026-11-02T08:00:03.000Z,1e+300',
      '2026-11-02T08:00:05.000Z,0',
      '2026-11-02T08:00:07.250Z,42',
      '2026-11-02T08:00:09.000Z,0.25',
      '2026-11-02T08:00:09.500Z,-1e-7',
      '',
    ]);
  });

  it('draws the same raw chart points as the in-process database', async () => {
    const seriesOf = (database: Database) =>
      createReadingsQueryRepository(database.db).series(7, START_MS, START_MS + 10_000, 100);
    const drawn = await seriesOf(threaded);
    expect(drawn).toEqual(await seriesOf(inProcess));
    expect(drawn.level).toBe('raw');
    expect(drawn.points.map((point) => point.t - START_MS)).toEqual([
      0, 1000, 2000, 3000, 5000, 7250, 9000, 9500,
    ]);
  });

  it('refuses to read a damaged packed block, on either database', async () => {
    for (const database of [threaded, inProcess]) {
      const reads = createReadingsQueryRepository(database.db);
      await expect(collect(reads.csvLines(8, START_MS, START_MS + 60_000))).rejects.toThrow(
        /damaged block: checksum does not match/,
      );
      await expect(reads.series(8, START_MS, START_MS + 10_000, 100)).rejects.toThrow(
        /damaged block/,
      );
    }
  });
});
