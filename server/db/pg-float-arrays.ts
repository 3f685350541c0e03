import pg from 'pg';
import { FLOAT4_ARRAY_OID, FLOAT8_ARRAY_OID, flatFloatArray } from './float-array-text.ts';

// Array types have no name among pg-types' builtins, whose enum is the parameter's type.
type TypeOid = Parameters<typeof pg.types.getTypeParser>[0];

/** pg-types' own reader, taken before the fast one replaces it (and kept as the reference). */
export const generalFloatArrayParser = pg.types.getTypeParser(
  FLOAT8_ARRAY_OID as TypeOid,
  'text',
) as (text: string) => unknown;

/** node-postgres' float arrays read with one split where they are flat (float-array-text.ts). */
export function parseFloatArrayText(text: string): unknown {
  return flatFloatArray(text) ?? generalFloatArrayParser(text);
}

/** Installs the fast reader in the process's `pg` (the drizzle driver falls back to it). */
export function useFastFloatArrays(): void {
  pg.types.setTypeParser(FLOAT8_ARRAY_OID as TypeOid, 'text', parseFloatArrayText);
  pg.types.setTypeParser(FLOAT4_ARRAY_OID as TypeOid, 'text', parseFloatArrayText);
}
