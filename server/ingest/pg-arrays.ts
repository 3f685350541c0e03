/**
 * PostgreSQL array literals, so a whole batch travels as a handful of parameters and one
 * `unnest(...)` statement on both drivers (PGlite and pg serialise JS arrays differently).
 */
export const intArray = (values: number[]) => `{${values.join(',')}}`;

export const floatArray = (values: number[]) => `{${values.map(String).join(',')}}`;

export const timeArray = (ms: number[]) =>
  `{${ms.map((t) => `"${new Date(t).toISOString()}"`).join(',')}}`;

/**
 * A text[] whose elements are float8[] literals (ragged, so not a 2-D array); a block's values
 * text as received is used when it has one.
 */
export const nestedFloatArray = (blocks: { values?: number[]; valuesText?: Uint8Array }[]) =>
  `{${blocks.map((b) => `"{${b.valuesText ? Buffer.from(b.valuesText).toString('latin1') : (b.values ?? []).join(',')}}"`).join(',')}}`;

/** Rows of a raw query on either driver: both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
