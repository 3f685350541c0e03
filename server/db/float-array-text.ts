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

/**
 * A one-dimensional float array from PostgreSQL's text output as a Float64Array, NULL elements
 * read as 0 (what `Number(null)` made of them when the analysis read number arrays). Other
 * shapes go through `general` and `Number` element by element, as before.
 *
 * Why: a day of a detailed bridge is millions of samples. Split into strings and then numbers, it
 * held several times its 8 bytes a value on the database thread, and again on the analysis thread
 * after a structured clone; a Float64Array's buffer is transferred between threads, not copied.
 */
export function float64ArrayFromText(
  text: string,
  general: (text: string) => unknown,
): Float64Array<ArrayBuffer> {
  if (text.charCodeAt(0) !== 123 /* { */ || text.indexOf('{', 1) !== -1) {
    const parsed = general(text);
    return Float64Array.from(Array.isArray(parsed) ? parsed : [], (v) => Number(v));
  }
  if (text === '{}') return new Float64Array(0);
  let count = 1;
  for (let at = text.indexOf(','); at !== -1; at = text.indexOf(',', at + 1)) count += 1;
  const values = new Float64Array(count);
  const end = text.length - 1; // the closing brace
  let start = 1;
  for (let i = 0; i < count; i += 1) {
    const comma = text.indexOf(',', start);
    const element = text.slice(start, comma === -1 ? end : comma);
    values[i] = element === 'NULL' ? 0 : Number(element);
    start = comma + 1;
  }
  return values;
}
