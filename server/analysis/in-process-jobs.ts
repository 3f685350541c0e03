import type { AnalysisJob, AnalysisJobs, JobRunner } from './job-types.ts';
import type { AnalysisRepository } from './analysis-repository.ts';

/**
 * The embedded database's queue: jobs wait in memory and run one at a time in this process
 * (PGlite is single-process, and training takes the CPU anyway). A bridge waits at most once;
 * asking again while it waits only adds a retrain request.
 */
export function createInProcessJobs(repository: AnalysisRepository): AnalysisJobs {
  const waiting = new Map<number, AnalysisJob>();
  let running: number | null = null;
  let runner: JobRunner | null = null;
  let draining: Promise<void> | null = null;

  async function drain() {
    for (;;) {
      const next = waiting.values().next();
      if (next.done || !runner) return;
      waiting.delete(next.value.bridgeId);
      running = next.value.bridgeId;
      // The runner records a failure in the job state; one bad bridge must not stop the queue.
      await runner(next.value).catch(() => undefined);
      running = null;
    }
  }

  const kick = () => {
    if (!runner || draining) return;
    draining = drain().finally(() => {
      draining = null;
      if (runner && waiting.size > 0) kick();
    });
  };

  return {
    async enqueue(bridgeId, options = {}) {
      const retrain = options.retrain === true || waiting.get(bridgeId)?.retrain === true;
      waiting.set(bridgeId, { bridgeId, retrain });
      await repository.markQueued(bridgeId);
      kick();
    },
    async pendingBridges() {
      return new Set([...waiting.keys(), ...(running === null ? [] : [running])]);
    },
    async start(run) {
      runner = run;
      // This process is the queue's only keeper: what a stop handed back, or a crash left
      // behind, waits in the stored states and is queued again here.
      for (const bridgeId of await repository.unfinishedBridges()) {
        if (!waiting.has(bridgeId)) waiting.set(bridgeId, { bridgeId, retrain: false });
      }
      kick();
    },
    async stop() {
      runner = null;
      await draining;
    },
  };
}
