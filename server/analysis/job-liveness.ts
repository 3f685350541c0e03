import type pg from 'pg';
import { LOCKS } from '../ops/advisory-lock.ts';

/**
 * The key space of the per-job advisory locks: two-int keys (this, hashtext(job id)), which
 * PostgreSQL keeps apart from the single-bigint keys in LOCKS.
 */
const JOB_LOCK_SPACE = 7_164_003;

export interface JobLivenessOptions {
  /** The pg-boss queue whose active jobs are watched. */
  queue: string;
  /** How often a worker looks for active jobs whose holder is gone. */
  sweepIntervalSeconds: number;
  /**
   * A job counts only once it has been active this long, and is handed back only when its lock
   * has been seen free for this long again: the moment between the queue handing it out and its
   * worker taking the lock must never look like a dead worker, even on a loaded machine.
   */
  graceSeconds: number;
  /** Hands the dead holders' jobs back to the queue (pg-boss `fail`: a retry within the limit). */
  failJobs(ids: string[]): Promise<void>;
  log: (message: string) => void;
}

export interface JobLiveness {
  /** Marks this process as the holder of a job while it runs it. */
  hold(jobId: string): Promise<void>;
  release(jobId: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A job's timeout has to outlast the longest training, so a worker that dies mid-job (killed,
 * out of memory, machine lost) would leave its bridge unanalysed for up to that long (30 min by
 * default). Instead each worker holds a session advisory lock per running job on a connection of
 * its own: PostgreSQL frees the lock the moment that session ends. Every few seconds one worker
 * at a time (a sweep lock) looks for active jobs whose lock is free and hands them back, so the
 * job runs again within seconds, on whichever worker is alive.
 */
interface HeldConnection {
  client: pg.PoolClient;
  released: boolean;
  /** Gives the connection back once; pg-pool throws on a second release. */
  release(destroy: Error | boolean): void;
}

function heldConnection(client: pg.PoolClient): HeldConnection {
  const connection: HeldConnection = {
    client,
    released: false,
    release(destroy) {
      if (connection.released) return;
      connection.released = true;
      client.release(destroy);
    },
  };
  return connection;
}

export function startJobLiveness(pool: pg.Pool, options: JobLivenessOptions): JobLiveness {
  let holder: Promise<HeldConnection> | null = null;
  const held = new Set<string>();
  /** When this worker's sweeps first found each suspect's lock free (ms since the epoch). */
  const seenFreeSince = new Map<string, number>();
  let stopped = false;

  // A connection lost drops its locks; the next job takes a new one, and the sweep may run the
  // current job again elsewhere (an analysis run twice stores the same result twice).
  const holderConnection = () => {
    holder ??= pool.connect().then((client) => {
      const connection = heldConnection(client);
      // Kept for the connection's life: a lost connection may report more than one error (the
      // server's message, then the socket), and an 'error' without a listener ends the process.
      client.on('error', (error) => {
        if (connection.released) return;
        options.log(`job liveness connection lost: ${error.message}`);
        holder = null;
        connection.release(error);
      });
      return connection;
    });
    // A connection not had (the server restarting, its connections full) must not be remembered:
    // every later job would fail on it until the process restarted.
    const asked = holder;
    asked.catch(() => {
      if (holder === asked) holder = null;
    });
    return holder;
  };
  const holderClient = async () => (await holderConnection()).client;

  async function sweep() {
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [LOCKS.jobSweep],
      );
      if (!rows[0]?.locked) return;
      try {
        const active = await client.query<{ id: string }>(
          `select id from pgboss.job
           where name = $1 and state = 'active'
             and started_on < now() - make_interval(secs => $2)`,
          [options.queue, options.graceSeconds],
        );
        const orphans: string[] = [];
        const stillActive = new Set(active.rows.map(({ id }) => id));
        for (const id of seenFreeSince.keys()) if (!stillActive.has(id)) seenFreeSince.delete(id);
        for (const { id } of active.rows) {
          // Taken here only if no live session holds it; let go of it at once.
          const free = await client.query<{ free: boolean }>(
            'select pg_try_advisory_lock($1, hashtext($2)) as free',
            [JOB_LOCK_SPACE, id],
          );
          if (!free.rows[0]?.free) {
            seenFreeSince.delete(id);
            continue;
          }
          await client.query('select pg_advisory_unlock($1, hashtext($2))', [JOB_LOCK_SPACE, id]);
          // One free sighting is not enough: on a loaded machine a live worker can take its
          // lock later than the grace after pg-boss started the job (a pre-check saw a job run
          // twice that way). Free again a grace later, its worker is gone.
          const since = seenFreeSince.get(id);
          if (since === undefined) seenFreeSince.set(id, Date.now());
          else if (Date.now() - since >= options.graceSeconds * 1000) {
            seenFreeSince.delete(id);
            orphans.push(id);
          }
        }
        if (orphans.length > 0) {
          options.log(`analysis jobs whose worker is gone, handed back: ${orphans.join(', ')}`);
          await options.failJobs(orphans);
        }
      } finally {
        await client.query('select pg_advisory_unlock($1)', [LOCKS.jobSweep]);
      }
    } finally {
      client.release();
    }
  }

  let sweeping: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    sweeping = sweeping
      .then(() => (stopped ? undefined : sweep()))
      .catch((error: unknown) =>
        options.log(`job liveness sweep failed: ${(error as Error).message}`),
      );
  }, options.sweepIntervalSeconds * 1000);
  timer.unref();

  return {
    async hold(jobId) {
      const client = await holderClient();
      await client.query('select pg_advisory_lock($1, hashtext($2))', [JOB_LOCK_SPACE, jobId]);
      held.add(jobId);
    },
    async release(jobId) {
      if (!held.delete(jobId)) return;
      const client = await holderClient();
      await client.query('select pg_advisory_unlock($1, hashtext($2))', [JOB_LOCK_SPACE, jobId]);
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await sweeping;
      const connection = holder ? await holder.catch(() => null) : null;
      holder = null;
      held.clear();
      // Ending the session frees every lock it still holds.
      connection?.release(true);
    },
  };
}
