/**
 * Decision 075 (amendment of 2026-11-30), migration 0058: packed blocks are already compressed,
 * so `readings.packed` is stored EXTERNAL (out of line past the TOAST threshold, never tried by
 * pglz) in every partition: those there before, the default one and a month added later.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { createPartitionKeeper } from '../../../server/readings/partitions.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

describe.each(drivers)('where packed blocks are stored on %s', (kind) => {
  const t = setupTestApp(kind);

  it('stores packed EXTERNAL in the parent, the default partition and a month added later', async () => {
    const db = t.services.database.db;
    await createPartitionKeeper(db)([Date.UTC(2031, 2, 15)]);
    const storage = rowsOf<{ table: string; storage: string }>(
      await db.execute(sql`
        SELECT c.relname AS table, a.attstorage AS storage
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        WHERE a.attname = 'packed'
          AND (c.oid = 'readings'::regclass
               OR c.oid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = 'readings'::regclass))
        ORDER BY 1`),
    );
    expect(storage.map((row) => row.table)).toEqual(
      expect.arrayContaining(['readings', 'readings_default', 'readings_y2031m03']),
    );
    expect(storage.filter((row) => row.storage !== 'e')).toEqual([]);
  });
});
