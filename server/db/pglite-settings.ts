import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's start parameters with the embedded database's shared buffers (PGLITE_SHARED_BUFFERS_MB).
 * PGlite starts PostgreSQL with its default 128 MB, which the database thread's WebAssembly
 * memory soon holds in full; the data files stay in the operating system's page cache besides,
 * so a smaller pool costs a copy from it rather than a disk read (docs/decisions/039).
 */
export function pgliteStartParams(sharedBuffersMb: number | undefined): string[] {
  if (sharedBuffersMb === undefined) return PGlite.defaultStartParams;
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`];
}
