/**
 * Where a readings table's bytes go (decision 075): per row, its heap (tuple headers, the fixed
 * columns, values stored inline), TOAST with the free-space and visibility maps, indexes, and the
 * stored values alone (`pg_column_size` of packed or values, after any compression). When disk
 * per sample does not follow the codec's bytes, these say which part does not.
 */
import type pg from 'pg';

export interface StorageBreakdown {
  rows: number;
  heap: number;
  toastAndMaps: number;
  indexes: number;
  values: number;
}

export async function storageBreakdown(client: pg.Client): Promise<StorageBreakdown> {
  const { rows: sizes } = await client.query<{ heap: string; total: string; indexes: string }>(
    `SELECT sum(pg_relation_size(relid))::bigint::text AS heap,
            sum(pg_total_relation_size(relid))::bigint::text AS total,
            sum(pg_indexes_size(relid))::bigint::text AS indexes
     FROM pg_partition_tree('readings') WHERE relid <> 'readings'::regclass`,
  );
  const { rows: stored } = await client.query<{ rows: string; values: string }>(
    `SELECT count(*)::text AS rows,
            coalesce(sum(coalesce(pg_column_size(packed), pg_column_size(values))), 0)::text AS values
     FROM readings`,
  );
  const heap = Number(sizes[0]?.heap ?? 0);
  const indexes = Number(sizes[0]?.indexes ?? 0);
  return {
    rows: Number(stored[0]?.rows ?? 0),
    heap,
    toastAndMaps: Number(sizes[0]?.total ?? 0) - heap - indexes,
    indexes,
    values: Number(stored[0]?.values ?? 0),
  };
}

/** The breakdown in bytes a sample, and bytes a row outside the values, for a console table. */
export function breakdownPerSample(b: StorageBreakdown, samples: number): Record<string, string> {
  const perSample = (bytes: number) => (bytes / samples).toFixed(2);
  return {
    'samples a row': (samples / b.rows).toFixed(0),
    heap: perSample(b.heap),
    'TOAST+maps': perSample(b.toastAndMaps),
    indexes: perSample(b.indexes),
    values: perSample(b.values),
    // Out of line, a value's bytes are in TOAST: the row, page and chunk overhead is the rest.
    'overhead bytes a row': ((b.heap + b.toastAndMaps - b.values) / b.rows).toFixed(0),
  };
}
