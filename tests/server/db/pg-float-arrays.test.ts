import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import {
  generalFloatArrayParser,
  parseFloatArrayText,
} from '../../../server/db/pg-float-arrays.ts';
import { createTestDatabase } from '../../helpers/test-database.ts';

const reference = generalFloatArrayParser;

describe('reading a float array from PostgreSQL text', () => {
  it.each([
    '{}',
    '{1.5}',
    '{1.5,-2.25,0,-0,3e-05,1.7976931348623157e+308}',
    '{NaN,Infinity,-Infinity,NULL,4}',
    '{NULL}',
  ])('reads %s as pg-types does', (text) => {
    expect(parseFloatArrayText(text)).toEqual(reference(text));
  });

  it('agrees with pg-types on a thousand random arrays', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let i = 0; i < 1000; i += 1) {
      const values = Array.from({ length: Math.floor(random() * 40) }, () => {
        const pick = random();
        if (pick < 0.05) return 'NULL';
        if (pick < 0.08) return 'NaN';
        return String((random() - 0.5) * 10 ** Math.floor(random() * 20 - 10));
      });
      const text = `{${values.join(',')}}`;
      expect(parseFloatArrayText(text)).toEqual(reference(text));
    }
  });

  it('hands a nested or lower-bounded array to the general reader', () => {
    for (const text of ['{{1,2},{3,4}}', '[0:1]={1.5,2}']) {
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
