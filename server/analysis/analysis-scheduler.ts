import type { AnalysisJobs } from './job-types.ts';
import type { AnalysisRepository } from './analysis-repository.ts';

export interface AnalysisScheduler {
  /** Queues every bridge with data newer than its last evaluation; returns their ids. */
  tick(): Promise<number[]>;
  start(): Promise<void>;
  stop(): void;
}

/**
 * Every `intervalSeconds` (and once at start) queues the bridges whose newest sample is later
 * than the data their last evaluation covered, unless a job of theirs is waiting or running:
 * until that job ends its bridge still looks behind, and queueing it again would analyse the
 * same data twice (data that arrives meanwhile is queued by the first run after the job ends).
 * Several processes may run one: the queue keeps each bridge to one waiting job.
 */
export function createAnalysisScheduler(
  repository: AnalysisRepository,
  jobs: AnalysisJobs,
  options: {
    intervalSeconds: number;
    onError?: (error: unknown) => void;
    /** False in processes that do not lead the schedules (server/ops/advisory-lock.ts). */
    leads?: () => boolean;
  },
): AnalysisScheduler {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number[]> | null = null;

  async function queueNewData(): Promise<number[]> {
    const pending = await jobs.pendingBridges();
    const behind = await repository.bridgesWithNewData();
    const bridgeIds = behind.filter((bridgeId) => !pending.has(bridgeId));
    for (const bridgeId of bridgeIds) await jobs.enqueue(bridgeId);
    return bridgeIds;
  }

  const tick = (): Promise<number[]> => {
    // A slow tick is never overlapped by the next one.
    running ??= queueNewData().finally(() => {
      running = null;
    });
    return running;
  };

  const safeTick = () => {
    if (options.leads?.() === false) return;
    void tick().catch((error: unknown) => options.onError?.(error));
  };

  return {
    tick,
    async start() {
      safeTick();
      timer = setInterval(safeTick, options.intervalSeconds * 1000);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
