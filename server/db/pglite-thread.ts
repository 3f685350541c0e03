import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';
import { startWorker } from '../threads/start-worker.ts';
import { serveDatabase } from './pglite-host.ts';
import { canCopyPgliteTemplate, copyPgliteTemplate } from './pglite-template.ts';
import { pgliteStartParams } from './pglite-settings.ts';

// Worker-thread entry (server/threads/start-worker.ts): the embedded database's one owner. Its
// WebAssembly runs here, so a long read never holds the thread that serves HTTP.

const { dataDir, sharedBuffersMb } = workerData as {
  dataDir?: string;
  sharedBuffersMb?: number;
};

/**
 * A new data directory is made on a thread that ends with it (pglite-init-thread.ts) where the
 * build's template cannot serve (the server run from its TypeScript source, never built).
 */
async function createDataDir(dir: string): Promise<void> {
  const creator = startWorker('pglite-init', { workerData: { dataDir: dir } });
  await new Promise<void>((resolve, reject) => {
    creator.once('error', reject);
    creator.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`creating the database exited with ${code}`)),
    );
  });
}

async function open(): Promise<PGlite> {
  const options = { startParams: pgliteStartParams(sharedBuffersMb) };
  if (!dataDir) return new PGlite(options);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    if (canCopyPgliteTemplate(dataDir)) copyPgliteTemplate(dataDir);
    else await createDataDir(dataDir);
  }
  return new PGlite(dataDir, options);
}

// Requests that arrive meanwhile wait in the port until it is served.
const pglite = await open();
if (parentPort) serveDatabase(pglite, parentPort, { onClose: () => pglite.close() });
