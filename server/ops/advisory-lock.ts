import pg from 'pg';
import type { Logger } from './logger.ts';

/** Keys of the PostgreSQL advisory locks SpanWatch takes (one number space per database). */
export const LOCKS = { migrate: 71_640_001, schedules: 71_640_002, jobSweep: 71_640_003 } as const;

/**
 * Runs `work` while holding an advisory lock, so processes starting together migrate one after
 * the other (drizzle's migrator alone would let two apply the same migration). Without a
 * PostgreSQL server (the embedded database has one process) it just runs `work`.
 */
export async function withAdvisoryLock<T>(
  databaseUrl: string | undefined,
  key: number,
  work: () => Promise<T>,
): Promise<T> {
  if (!databaseUrl) return work();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    return await work();
  } finally {
    await client.end();
  }
}

export interface Leadership {
  /** True while this process holds the lock and so runs the schedules. */
  isLeader(): boolean;
  stop(): Promise<void>;
}

/**
 * Schedules (the analysis scheduler, the 'Sensor offline' monitor) must run once across all
 * processes. The process that holds a session advisory lock on its own connection leads; when
 * it dies its session ends, the lock is freed, and another takes it on its next try.
 */
export async function startLeadership(
  databaseUrl: string | undefined,
  options: { key: number; retryMs: number; log: Logger },
): Promise<Leadership> {
  if (!databaseUrl) return { isLeader: () => true, stop: async () => undefined };
  let client: pg.Client | null = null;
  let leading = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  const lose = (reason: string) => {
    if (leading) options.log.warn({ reason }, 'Lost the schedules lock');
    leading = false;
    const lost = client;
    client = null;
    void lost?.end().catch(() => undefined);
  };

  async function attempt() {
    if (stopped || leading) return;
    const candidate = new pg.Client({ connectionString: databaseUrl });
    candidate.on('error', (error) => lose(error.message));
    try {
      await candidate.connect();
      const result = await candidate.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [options.key],
      );
      if (result.rows[0]?.locked && !stopped) {
        client = candidate;
        leading = true;
        options.log.info('This process runs the schedules');
        return;
      }
    } catch (error) {
      options.log.warn({ err: error }, 'Could not try the schedules lock');
    }
    await candidate.end().catch(() => undefined);
  }

  const retryLater = () => {
    if (!stopped) timer = setTimeout(() => void attempt().finally(retryLater), options.retryMs);
    timer?.unref();
  };
  // The first try is awaited, so the schedules' first run at start already knows who leads.
  await attempt();
  retryLater();

  return {
    isLeader: () => leading,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      leading = false;
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
