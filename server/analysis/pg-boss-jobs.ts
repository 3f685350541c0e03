import type pg from 'pg';
import PgBoss from 'pg-boss';
import { DEFAULT_JOB_LIVENESS } from '../config/setting-defaults.ts';
import type { Database } from '../db/client.ts';
import type { AnalysisJob, AnalysisJobs } from './job-types.ts';
import { JobHandedBack } from './job-handed-back.ts';
import type { AnalysisRepository } from './analysis-repository.ts';
import { startJobLiveness, type JobLiveness } from './job-liveness.ts';

export const ANALYSIS_QUEUE = 'bridge-analysis';

/** What the queue promises a job whose worker dies mid-run (docs/decisions/011). */
export const ANALYSIS_RETRY_LIMIT = 2;
export const DEFAULT_JOB_TIMEOUT_SECONDS = 1800;
/** pg-boss's own default: how often maintenance expires jobs when the timeout is long. */
const MAX_MAINTENANCE_INTERVAL_SECONDS = 120;

/**
 * A dead worker's job runs again only once maintenance sees it past its timeout, so with
 * pg-boss's fixed two minutes a short timeout would still leave the job waiting two minutes.
 * A quarter of the timeout bounds the wait to 1.25 times it (the default stays at two minutes).
 */
export function maintenanceIntervalFor(jobTimeoutSeconds: number): number {
  return Math.min(MAX_MAINTENANCE_INTERVAL_SECONDS, Math.max(1, Math.ceil(jobTimeoutSeconds / 4)));
}

export interface PgBossJobsOptions {
  pollingIntervalSeconds?: number;
  log?: (message: string) => void;
  /** How long a job may stay active before it counts as its worker's death and runs again. */
  jobTimeoutSeconds?: number | undefined;
  /** How often the supervising worker looks for such jobs (default: from the timeout). */
  maintenanceIntervalSeconds?: number;
  /** How often and after what grace a job whose worker's session ended is handed back. */
  liveness?: { sweepIntervalSeconds: number; graceSeconds: number };
}

/**
 * pg-boss 10 on the app's own connection pool. The queue's 'stately' policy with the bridge id
 * as singleton key keeps at most one job queued and one running per bridge across all worker
 * processes: two workers never analyse one bridge at once, and a request while one runs is
 * queued once behind it.
 *
 * A job whose worker dies (killed, out of memory, machine lost) is handed back within seconds:
 * the worker holds an advisory lock for it that PostgreSQL frees with the worker's session
 * (job-liveness.ts), and a sweep fails the jobs whose lock is free, which queues them again for
 * any worker within the retry limit. The timeout stays as the last resort (a worker alive but
 * stuck). A job that ends in an error is not retried: the analysis recorded why it failed, and
 * the same data would fail the same way; the scheduler asks again when new data arrives.
 */
export function createPgBossJobs(
  database: Database,
  repository: AnalysisRepository,
  options: PgBossJobsOptions = {},
): AnalysisJobs {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const db = { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) };
  const jobTimeoutSeconds = options.jobTimeoutSeconds ?? DEFAULT_JOB_TIMEOUT_SECONDS;
  const queueOptions = {
    name: ANALYSIS_QUEUE,
    policy: 'stately',
    retryLimit: ANALYSIS_RETRY_LIMIT,
    retryDelay: 0,
    expireInSeconds: jobTimeoutSeconds,
  } as const;
  const newBoss = (supervise: boolean) => {
    const boss = new PgBoss({
      db,
      supervise,
      schedule: false,
      migrate: true,
      maintenanceIntervalSeconds:
        options.maintenanceIntervalSeconds ?? maintenanceIntervalFor(jobTimeoutSeconds),
    });
    boss.on('error', (error) => (options.log ?? console.warn)(`pg-boss: ${error.message}`));
    return boss;
  };
  let sender: Promise<PgBoss> | null = null;
  let worker: PgBoss | null = null;
  let liveness: JobLiveness | null = null;

  async function ensureQueue(boss: PgBoss) {
    await boss.start();
    const existing = await boss.getQueue(ANALYSIS_QUEUE);
    if (existing) {
      // A queue made by an earlier release (no retries, three hours) takes today's promise.
      if (
        existing.retryLimit !== queueOptions.retryLimit ||
        existing.expireInSeconds !== queueOptions.expireInSeconds
      ) {
        await boss.updateQueue(ANALYSIS_QUEUE, queueOptions);
      }
      return boss;
    }
    try {
      await boss.createQueue(ANALYSIS_QUEUE, queueOptions);
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
    async pendingBridges() {
      sender ??= ensureQueue(newBoss(false)); // creates pg-boss's tables on a fresh database
      await sender;
      // pg-boss's own table: the singleton key is the bridge id (see enqueue).
      const { rows } = await pool.query<{ key: string }>(
        `select distinct singleton_key as key from pgboss.job
         where name = $1 and state in ('created', 'retry', 'active')`,
        [ANALYSIS_QUEUE],
      );
      return new Set(rows.map((row) => Number(row.key)));
    },
    async start(run) {
      const boss = await ensureQueue(newBoss(true));
      worker = boss;
      liveness = startJobLiveness(pool, {
        ...(options.liveness ?? DEFAULT_JOB_LIVENESS),
        queue: ANALYSIS_QUEUE,
        failJobs: async (ids) => {
          for (const id of ids) {
            await boss.fail(ANALYSIS_QUEUE, id, { message: 'its worker is gone' });
          }
        },
        log: options.log ?? console.warn,
      });
      const held = liveness;
      await boss.work<AnalysisJob>(
        ANALYSIS_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
        async ([job]) => {
          if (!job) return;
          // Unheld, the job would look orphaned to the sweep: failing here lets it run again.
          await held.hold(job.id);
          try {
            await run(job.data);
          } catch (error) {
            // Failing it leaves a retry (retryDelay 0): the next free worker takes it at once.
            if (error instanceof JobHandedBack) throw error;
            // Recorded by the runner; completing the job keeps pg-boss from running it again.
            (options.log ?? console.warn)(
              `analysis of bridge ${job.data.bridgeId} failed: ${(error as Error).message}`,
            );
          } finally {
            await held.release(job.id).catch(() => undefined);
          }
        },
      );
    },
    async stop() {
      await worker?.stop({ graceful: true, close: false, timeout: 30_000 });
      worker = null;
      await liveness?.stop();
      liveness = null;
      const started = await sender;
      await started?.stop({ graceful: false, close: false });
      sender = null;
    },
  };
}
