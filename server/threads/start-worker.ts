import type { Worker, WorkerOptions } from 'node:worker_threads';
import { startWorkerThread } from '../worker-entry.ts';
import ENTRIES from './thread-entries.json' with { type: 'json' };

/**
 * The server's worker-thread entry modules, by name, as paths under `server/`. The list lives
 * in thread-entries.json so that the build (scripts/build-server.mjs) compiles exactly these.
 */
export type WorkerEntry = keyof typeof ENTRIES;

/** Starts one of the entries on a worker thread, compiled or from the TypeScript source. */
export function startWorker(name: WorkerEntry, options: WorkerOptions = {}): Worker {
  return startWorkerThread(ENTRIES[name], options);
}
