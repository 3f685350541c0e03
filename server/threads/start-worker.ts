import type { Worker, WorkerOptions } from 'node:worker_threads';
import { startWorkerThread } from '../worker-entry.ts';

/**
 * The server's worker-thread entry modules, by name, as paths under `server/`. Each is also an
 * entry point of the compiled build (SERVER_ENTRIES in scripts/build-server.mjs).
 */
const ENTRIES = {
  analysis: 'analysis/analysis-thread.ts',
  pglite: 'db/pglite-thread.ts',
  report: 'report/report-thread.ts',
} as const;

export type WorkerEntry = keyof typeof ENTRIES;

/** Starts one of the entries on a worker thread, compiled or from the TypeScript source. */
export function startWorker(name: WorkerEntry, options: WorkerOptions = {}): Worker {
  return startWorkerThread(ENTRIES[name], options);
}
