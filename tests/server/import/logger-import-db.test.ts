/**
 * Issue 34: a Munich record imported through the ingest path into a database, read back equal
 * to the file, and imported again storing nothing new (readings are keyed by stream and start).
 */
import { storedBlocks } from '../../helpers/stored-blocks.ts';
import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { openLoggerFile } from '../../../server/import/file-source.ts';
import { importLoggerFile } from '../../../server/import/logger-import.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { streamOnBridge } from '../../helpers/readings-fixtures.ts';

const FILE = '/work/shared/data/munich-bridge/ReferenceStateDMS_CNAt100Hz.csv.zip';

/** The file's own rows: milliseconds (read as UTC) and values. */
async function rowsOfFile(): Promise<{ ms: number; value: number }[]> {
  const { chunks } = await openLoggerFile(FILE);
  let text = '';
  for await (const chunk of chunks) text += Buffer.from(chunk).toString('utf8');
  return text
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line !== '')
    .map((line) => {
      const [time = '', value = ''] = line.split(',');
      return { ms: Date.parse(`${time.replace(' ', 'T')}Z`), value: Number(value) };
    });
}

describe.skipIf(!existsSync(FILE))('importing a logger file into the readings', () => {
  const t = setupTestApp('pglite');

  it('stores every value as written, near its time, and a second import stores nothing', async () => {
    const { bridge, stream } = await streamOnBridge(t, 'munich-dms-cn');
    const run = async () => {
      const { chunks } = await openLoggerFile(FILE);
      return importLoggerFile(chunks, {
        mapping: new Map([['DMS_CN', 'munich-dms-cn']]),
        dateOrder: 'ymd',
        ingest: (items) =>
          t.services.ingest.ingest(items, { bridgeId: bridge.id }, { horizonDays: 3650 }),
      });
    };
    const first = await run();
    expect(first).toMatchObject({ rows: 60_000, samples: 60_000, errorTotal: 0 });
    expect(first.storedSamples).toBe(60_000);

    const read = () => storedBlocks(t.services.database.db, 'datastream_id = $1', [stream.id]);
    const blocks = await read();
    const stored = blocks.flatMap((b) =>
      b.values.map((value, i) => ({ ms: b.ms + (i * 1000) / b.rate_hz, value })),
    );
    const file = await rowsOfFile();
    expect(stored.map((s) => s.value)).toEqual(file.map((f) => f.value));
    // The logger wrote 100 Hz in whole milliseconds: each time within a quarter period.
    const worst = Math.max(...stored.map((s, i) => Math.abs(s.ms - (file[i]?.ms ?? NaN))));
    expect(worst).toBeLessThanOrEqual(2.5);

    const second = await run();
    expect(second).toMatchObject({ storedSamples: 0, duplicateSamples: 60_000, errorTotal: 0 });
    expect(await read()).toHaveLength(blocks.length);
    const [count] = rowsOf<{ n: number }>(
      await t.services.database.db.execute(
        sql`SELECT sample_count::int AS n FROM datastreams WHERE id = ${stream.id}`,
      ),
    );
    expect(count?.n).toBe(60_000);
    // The roll-ups counted each sample once, the second import included.
    const [minutes] = rowsOf<{ n: number }>(
      await t.services.database.db.execute(
        sql`SELECT sum(n)::int AS n FROM reading_rollups
            WHERE datastream_id = ${stream.id} AND bucket_seconds = 60`,
      ),
    );
    expect(minutes?.n).toBe(60_000);
  });
});
