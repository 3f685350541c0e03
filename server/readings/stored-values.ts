/**
 * The columns that hold a stored block's values, for queries read with `queryFloat64Rows`: the
 * packed block (decision 052), or the array of a block stored before migration 0030. Both
 * arrive as Float64Arrays; `storedValues` takes whichever the row has.
 */
export const STORED_VALUES = 'values, packed';

export interface StoredValuesRow {
  values: Float64Array | null;
  packed: Float64Array | null;
}

export function storedValues(row: StoredValuesRow): Float64Array {
  return row.packed ?? row.values ?? new Float64Array(0);
}
