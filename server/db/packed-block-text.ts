import { decodeBlock } from '../codec/block-codec.ts';

export const BYTEA_OID = 17;

/**
 * A `readings.packed` block from PostgreSQL's text output of bytea (`\x` and hex) to its values,
 * decoded where the float arrays of older rows are parsed: on the database thread for PGlite,
 * whose Float64Arrays are transferred (decision 047). A damaged block throws, failing the query:
 * it is never read as other numbers (decision 052).
 */
export function float64ArrayFromPackedText(text: string): Float64Array<ArrayBuffer> {
  if (!text.startsWith('\\x')) throw new Error('packed block is not hex bytea text');
  return decodeBlock(Buffer.from(text.slice(2), 'hex'));
}
