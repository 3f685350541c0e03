import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../../server/db/client.ts';
import { createReadingsQueryRepository } from '../../../server/readings/readings-query-repository.ts';

// The export and the chart's raw level read their values as Float64Arrays the database thread
// transfers (decision 047): what they give must be what the in-process database gives, to the
// character, on the thread the server runs PGlite on.

const START_MS = Date.UTC(2026, 10, 2, 8, 0, 0);

/** The two tables the raw reads touch, with three blocks: 1 Hz, 0.5 Hz, and a single reading. */
async function fill(database: Database) {
  await database.db.execute(sql`
    CREATE TABLE datastreams (id int PRIMARY KEY, stream_id text, data_type text)`);
  await database.db.execute(sql`
    CREATE TABLE readings (datastream_id int, start timestamptz, rate_hz float8,
                           values float8[], n int, PRIMARY KEY (datastream_id, start))`);
  await database.db.execute(sql`INSERT INTO datastreams VALUES (7, 'deck-acc', 'acceleration')`);
  await database.db.execute(sql`
    INSERT INTO readings VALUES
      (7, ${new Date(START_MS).toISOString()}::timestamptz, 1, '{0.1,-2.5e-7,3.14159265}', 3),
      (7, ${new Date(START_MS + 3000).toISOString()}::timestamptz, 0.5, '{1e300,-0}', 2),
      (7, ${new Date(START_MS + 7250).toISOString()}::timestamptz, 0, '{42.000001}', 1)`);
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
      0, 1000, 2000, 3000, 5000, 7250,
    ]);
  });
});
