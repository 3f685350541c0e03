import { createHash } from 'node:crypto';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';

export interface AlertQueue {
  boss: PgBoss;
  /** Starts pg-boss and makes the queue once (another process may make it at the same moment). */
  ready(): Promise<void>;
  /** Stops this process's pg-boss if it started, letting running jobs finish. */
  stop(): Promise<void>;
}

/**
 * A pg-boss queue of the alerts' outlets (the webhook, the emails) on the process's own pool:
 * retried by pg-boss with exponential backoff, so a worker that stops or dies hands its
 * deliveries on instead of holding a retry loop in its memory.
 */
export function createAlertQueue(
  database: Database,
  name: string,
  retries: { retryLimit: number; retryDelaySeconds: number; expireInSeconds?: number },
  log: (message: string) => void,
): AlertQueue {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) },
    schedule: false,
    migrate: true,
    // A dead worker's job is seen past its expiry by maintenance; look a quarter as often.
    ...(retries.expireInSeconds
      ? {
          maintenanceIntervalSeconds: Math.min(
            120,
            Math.max(1, Math.ceil(retries.expireInSeconds / 4)),
          ),
        }
      : {}),
  });
  boss.on('error', (error) => log(`pg-boss (${name}): ${error.message}`));
  let started: Promise<void> | null = null;

  const ready = () =>
    (started ??= (async () => {
      await boss.start();
      const options = {
        retryLimit: retries.retryLimit,
        retryDelay: retries.retryDelaySeconds,
        retryBackoff: true,
        ...(retries.expireInSeconds ? { expireInSeconds: retries.expireInSeconds } : {}),
      };
      // The queue keeps what it was made with: a changed setting (ALERT_RETRY_LIMIT, ...) would
      // never reach the jobs of a deployment whose queue exists, so it is applied at each start.
      if (await boss.getQueue(name))
        return boss.updateQueue(name, { name, policy: 'standard', ...options });
      await boss
        .createQueue(name, { name, policy: 'standard', ...options })
        .catch(async (error: unknown) => {
          // Another process created it at the same moment.
          if (!(await boss.getQueue(name))) throw error;
        });
    })());

  return {
    boss,
    ready,
    async stop() {
      if (started) await boss.stop({ graceful: true, close: false, timeout: 15_000 });
    },
  };
}

/**
 * A job id (a UUID, as pg-boss wants) made from `text`: two processes sending the job of the
 * same text make one job, since pg-boss inserts a job whose id exists already as nothing.
 */
export function stableJobId(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
