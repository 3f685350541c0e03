/**
 * A one-dimensional float array from PostgreSQL's text output, read with one `split`; undefined
 * for any other shape (nested, or with a lower-bound prefix such as `[0:2]={...}`), which the
 * driver's general reader takes.
 *
 * Why: the drivers read `{...}` one character at a time. A bridge's analysis reads millions of
 * samples as `double precision[]`, and node-postgres' reader took about a third of the CPU of
 * analysing a detailed demo bridge. Float elements are never quoted (numbers, `NaN`, `Infinity`,
 * `-Infinity`, `NULL`), so a split is exact.
 */
export function flatFloatArray(text: string): (number | null)[] | undefined {
  if (text.charCodeAt(0) !== 123 /* { */ || text.indexOf('{', 1) !== -1) return undefined;
  if (text === '{}') return [];
  const elements = text.slice(1, -1).split(',');
  const values: (number | null)[] = new Array<number | null>(elements.length);
  for (let i = 0; i < elements.length; i += 1) {
    const element = elements[i] as string;
    values[i] = element === 'NULL' ? null : Number(element);
  }
  return values;
}

export const FLOAT4_ARRAY_OID = 1021;
export const FLOAT8_ARRAY_OID = 1022;
