import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import {
  generalFloatArrayParser,
  parseFloatArrayText,
} from '../../../server/db/pg-float-arrays.ts';
import {
  FLAT_FLOAT_ARRAY_TEXTS,
  OTHER_FLOAT_ARRAY_TEXTS,
  randomFloatArrayTexts,
} from '../../helpers/float-array-texts.ts';
import { createTestDatabase } from '../../helpers/test-database.ts';

const reference = generalFloatArrayParser;

describe('reading a float array from PostgreSQL text', () => {
  it.each(FLAT_FLOAT_ARRAY_TEXTS)('reads %s as pg-types does', (text) => {
    expect(parseFloatArrayText(text)).toEqual(reference(text));
  });

  it('agrees with pg-types on a thousand random arrays', () => {
    for (const text of randomFloatArrayTexts(7, 1000)) {
      expect(parseFloatArrayText(text)).toEqual(reference(text));
    }
  });

  it('hands a nested or lower-bounded array to the general reader', () => {
    for (const text of OTHER_FLOAT_ARRAY_TEXTS) {
      expect(parseFloatArrayText(text)).toEqual(reference(text));
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('float arrays stored in PostgreSQL', () => {
  it('come back as they were stored, gaps and non-finite values included', async () => {
    const { database, drop } = await createTestDatabase('postgres');
    try {
      const stored = [0.1, -2.5e-7, Number.NaN, Number.POSITIVE_INFINITY, 123456.789];
      const rows = rowsOf<{ values: (number | null)[] }>(
        await database.db.execute(
          sql`select array[0.1, -2.5e-7, 'NaN', 'Infinity', 123456.789, null]::double precision[] as values`,
        ),
      );
      expect(rows[0]?.values).toEqual([...stored, null]);
    } finally {
      await drop();
    }
  });
});
