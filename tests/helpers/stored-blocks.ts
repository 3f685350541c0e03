import type { Db } from '../../server/db/client.ts';
import { queryFloat64Rows } from '../../server/db/float64-query.ts';
import {
  STORED_VALUES,
  storedValues,
  type StoredValuesRow,
} from '../../server/readings/stored-values.ts';

export interface StoredBlockRow {
  datastream_id: number;
  ms: number;
  rate_hz: number;
  values: number[];
}

/**
 * Stored blocks as the server reads them (packed, or arrays of rows from before migration
 * 0030), oldest first. `where` is SQL over `readings` with parameters $1...
 */
export async function storedBlocks(
  db: Db,
  where = 'TRUE',
  params: unknown[] = [],
): Promise<StoredBlockRow[]> {
  const rows = await queryFloat64Rows<
    { datastream_id: number; ms: number; rate_hz: number } & StoredValuesRow
  >(
    db,
    `SELECT datastream_id, (extract(epoch FROM start) * 1000)::float8 AS ms, rate_hz,
            ${STORED_VALUES}
     FROM readings WHERE ${where} ORDER BY start, datastream_id`,
    params,
  );
  return rows.map((row) => ({
    datastream_id: Number(row.datastream_id),
    ms: Number(row.ms),
    rate_hz: Number(row.rate_hz),
    values: Array.from(storedValues(row)),
  }));
}
