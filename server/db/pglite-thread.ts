import { PGlite } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';
import { serveDatabase } from './pglite-host.ts';

// Worker-thread entry (server/threads/start-worker.ts): the embedded database's one owner. Its
// WebAssembly runs here, so a long read never holds the thread that serves HTTP.

const { dataDir } = workerData as { dataDir?: string };
const pglite = dataDir ? new PGlite(dataDir) : new PGlite();
if (parentPort) serveDatabase(pglite, parentPort, { onClose: () => pglite.close() });
