import { PGlite } from '@electric-sql/pglite';
import { workerData } from 'node:worker_threads';

// Worker-thread entry (server/threads/start-worker.ts): creates a new embedded database and
// ends. PGlite keeps the WebAssembly instance that ran initdb for as long as its owner lives:
// measured on a first start without demo history, 929 MB resident when initdb ran on the
// database thread, 574 MB when it ran here (420 MB on later starts). On a thread of its own that
// memory is freed when the thread ends; the database thread then opens the files written here.

const { dataDir } = workerData as { dataDir: string };
const pglite = new PGlite(dataDir);
await pglite.waitReady;
await pglite.close();
