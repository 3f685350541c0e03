import type { Worker, WorkerOptions } from 'node:worker_threads';
import { startWorkerThread } from '../worker-entry.ts';
import ENTRIES from './thread-entries.json' with { type: 'json' };

/**
 * The server's worker-thread entry modules, by name, as paths under `server/`. The list lives
 * in thread-entries.json so that the build (scripts/build-server.mjs) compiles exactly these.
 */
export type WorkerEntry = keyof typeof ENTRIES;

/**
 * Each thread's young generation, in MB (a caller's own `resourceLimits` win). V8's default
 * lets it grow to 48 MB per thread, and the demo history thread had asked for 96: a first demo
 * start writing its history peaked 90 to 120 MB higher than at 8 MB (issue 37, decision 039).
 * The threads' live young objects are a few MB, so the scavenges stay short.
 */
export const THREAD_YOUNG_GENERATION_MB = 8;

/** Starts one of the entries on a worker thread, compiled or from the TypeScript source. */
export function startWorker(name: WorkerEntry, options: WorkerOptions = {}): Worker {
  return startWorkerThread(ENTRIES[name], {
    ...options,
    resourceLimits: {
      maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB,
      ...options.resourceLimits,
    },
  });
}
