import { parentPort, workerData } from 'node:worker_threads';
import { type DatabaseLink, openDatabaseLink } from '../db/client.ts';
import { serializeError, type SerializedError } from '../db/pglite-protocol.ts';
import { lowerThreadPriority } from '../threads/lower-priority.ts';
import { runBridgeJob } from './bridge-job.ts';
import type { AnalyseOptions, EvaluationResult } from './evaluation-result.ts';
import type { AnalysisJob } from './job-types.ts';
import { createAnalysisStores } from './analysis-stores.ts';

// Worker-thread entry (server/threads/start-worker.ts): evaluates bridges, reading and writing
// the database through its own link, so training, feature computation and scoring never run on
// the thread that serves HTTP. The alerts are told by the thread that asked (analysis-pool.ts).

export interface ThreadTask {
  id: number;
  job: AnalysisJob;
  /** Training settings (tests train briefly); the job's retrain wins. */
  options: Omit<AnalyseOptions, 'retrain'>;
}

export type ThreadAnswer =
  | { id: number; ok: true; result: EvaluationResult }
  | { id: number; ok: false; error: SerializedError };

lowerThreadPriority();
const { link } = workerData as { link: DatabaseLink };
const stores = createAnalysisStores(openDatabaseLink(link));

parentPort?.on('message', ({ id, job, options }: ThreadTask) => {
  runBridgeJob(stores, job, options).then(
    (result) => parentPort?.postMessage({ id, ok: true, result } satisfies ThreadAnswer),
    (error: unknown) =>
      parentPort?.postMessage({
        id,
        ok: false,
        error: serializeError(error),
      } satisfies ThreadAnswer),
  );
});
