/**
 * PostgreSQL array literals, so a whole batch travels as a handful of parameters and one
 * `unnest(...)` statement on both drivers (PGlite and pg serialise JS arrays differently).
 */
export const intArray = (values: number[]) => `{${values.join(',')}}`;

export const floatArray = (values: number[]) => `{${values.map(String).join(',')}}`;

export const timeArray = (ms: number[]) =>
  `{${ms.map((t) => `"${new Date(t).toISOString()}"`).join(',')}}`;

/** Rows of a raw query on either driver: both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
