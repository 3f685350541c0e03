import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import type { AnalysisJob, AnalysisJobs } from './analysis-jobs.ts';
import { createAnalysisRepository } from './analysis-repository.ts';

export const ANALYSIS_QUEUE = 'bridge-analysis';

/**
 * pg-boss 10 on the app's own connection pool. The queue's 'stately' policy with the bridge id
 * as singleton key keeps at most one job queued and one running per bridge across all worker
 * processes: two workers never analyse one bridge at once, and a request while one runs is
 * queued once behind it.
 */
export function createPgBossJobs(
  database: Database,
  options: { pollingIntervalSeconds?: number; log?: (message: string) => void } = {},
): AnalysisJobs {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const repository = createAnalysisRepository(database.db);
  const db = { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) };
  const newBoss = (supervise: boolean) => {
    const boss = new PgBoss({ db, supervise, schedule: false, migrate: true });
    boss.on('error', (error) => (options.log ?? console.warn)(`pg-boss: ${error.message}`));
    return boss;
  };
  let sender: Promise<PgBoss> | null = null;
  let worker: PgBoss | null = null;

  async function ensureQueue(boss: PgBoss) {
    await boss.start();
    if (await boss.getQueue(ANALYSIS_QUEUE)) return boss;
    try {
      await boss.createQueue(ANALYSIS_QUEUE, {
        name: ANALYSIS_QUEUE,
        policy: 'stately',
        retryLimit: 0,
        expireInSeconds: 3 * 3600,
      });
    } catch (error) {
      // Another process created it at the same moment.
      if (!(await boss.getQueue(ANALYSIS_QUEUE))) throw error;
    }
    return boss;
  }

  return {
    async enqueue(bridgeId, { retrain = false } = {}) {
      sender ??= ensureQueue(newBoss(false));
      const boss = await sender;
      const job: AnalysisJob = { bridgeId, retrain };
      await boss.send(ANALYSIS_QUEUE, job, { singletonKey: String(bridgeId) });
      await repository.markQueued(bridgeId);
    },
    async start(run) {
      worker = await ensureQueue(newBoss(true));
      await worker.work<AnalysisJob>(
        ANALYSIS_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
        async ([job]) => {
          if (job) await run(job.data);
        },
      );
    },
    async stop() {
      await worker?.stop({ graceful: true, close: false, timeout: 30_000 });
      worker = null;
      const started = await sender;
      await started?.stop({ graceful: false, close: false });
      sender = null;
    },
  };
}
