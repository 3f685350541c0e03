import type { Worker } from 'node:worker_threads';
import type { Database } from '../db/client.ts';
import { restoreError } from '../db/pglite-protocol.ts';
import { startWorker } from '../threads/start-worker.ts';
import type { AnalyseOptions, EvaluationResult } from './evaluation-result.ts';
import type { AnalysisJob } from './job-types.ts';
import type { ThreadAnswer, ThreadTask } from './analysis-thread.ts';

export interface AnalysisPool {
  /** Evaluates one bridge on the analysis thread (started on first use, restarted if it died). */
  run(job: AnalysisJob): Promise<EvaluationResult>;
  close(): Promise<void>;
}

/**
 * One analysis thread for this process. One is enough: the job queues run one job at a time per
 * process (in-process-jobs.ts, pg-boss batchSize 1), and on the embedded database every read
 * goes through PGlite's one thread anyway. More processes scale out on PostgreSQL.
 */
export function createAnalysisPool(
  database: Database,
  options: Omit<AnalyseOptions, 'retrain'> = {},
): AnalysisPool {
  let worker: Promise<Worker> | null = null;
  const pending = new Map<
    number,
    { resolve(result: EvaluationResult): void; reject(error: Error): void }
  >();
  let nextId = 1;

  const failAll = (error: Error) => {
    for (const task of pending.values()) task.reject(error);
    pending.clear();
  };

  async function spawn(): Promise<Worker> {
    const link = await database.link();
    const thread = startWorker('analysis', {
      workerData: { link },
      transferList: link.kind === 'pglite' ? [link.port] : [],
    });
    thread.on('message', (answer: ThreadAnswer) => {
      const task = pending.get(answer.id);
      pending.delete(answer.id);
      if (answer.ok) task?.resolve(answer.result);
      else task?.reject(restoreError(answer.error));
    });
    thread.on('error', (error) => failAll(error));
    thread.on('exit', (code) => {
      worker = null;
      failAll(new Error(`the analysis thread stopped (exit code ${code})`));
    });
    return thread;
  }

  return {
    async run(job) {
      worker ??= spawn();
      const thread = await worker;
      const id = nextId++;
      return new Promise<EvaluationResult>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        thread.postMessage({ id, job, options } satisfies ThreadTask);
      });
    },
    async close() {
      const thread = await worker;
      worker = null;
      await thread?.terminate();
    },
  };
}
