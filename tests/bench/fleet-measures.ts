/**
 * What `npm run bench:fleet` reads from the machine and the database: CPU of each role's process
 * tree and of this database's PostgreSQL backends, the size of the readings store, and the
 * analysis queue's throughput and wait.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type pg from 'pg';
import { ANALYSIS_QUEUE } from '../../server/analysis/pg-boss-jobs.ts';
import { percentile } from './bench-stats.ts';

const TICKS_PER_SECOND = 100;

function cpuTicksOf(pid: string): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * CPU ticks of each backend serving `dbName` (its command line names the database). The
 * PostgreSQL server is shared with other work on this machine; only this database's backends
 * count, and a backend that ended during the run is lost (the pools keep theirs open).
 */
export function backendTicks(dbName: string): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.startsWith('postgres:') && cmdline.includes(` ${dbName} `))
        ticks.set(pid, cpuTicksOf(pid));
    } catch {
      // The process ended while being read.
    }
  }
  return ticks;
}

/** CPU seconds the backends used between two readings. */
export function backendSecondsBetween(before: Map<string, number>, after: Map<string, number>) {
  let ticks = 0;
  for (const [pid, value] of after) ticks += value - (before.get(pid) ?? 0);
  return ticks / TICKS_PER_SECOND;
}

/** Bytes of raw blocks (every partition, with indexes) and of roll-ups, with their rows. */
export async function storeSize(client: pg.Client) {
  const { rows } = await client.query<Record<string, string>>(`
    SELECT (SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c
             WHERE c.relkind = 'r' AND c.relname LIKE 'readings%') AS raw,
           pg_total_relation_size('reading_rollups') AS rollups,
           (SELECT count(*) FROM readings) AS blocks,
           (SELECT coalesce(sum(pg_column_size(r.*)), 0) FROM readings r) AS raw_rows,
           (SELECT coalesce(sum(pg_column_size(u.*)), 0) FROM reading_rollups u) AS rollup_rows`);
  const row = rows[0] ?? {};
  return {
    rawBytes: Number(row.raw ?? 0),
    rollupBytes: Number(row.rollups ?? 0),
    blocks: Number(row.blocks ?? 0),
    rawRowBytes: Number(row.raw_rows ?? 0),
    rollupRowBytes: Number(row.rollup_rows ?? 0),
  };
}

/** Analysis jobs finished since `sinceMs`, their queue wait, and the jobs still waiting. */
export async function analysisFigures(client: pg.Client, sinceMs: number, untilMs: number) {
  const since = new Date(sinceMs).toISOString();
  const { rows } = await client.query<{
    state: string;
    wait_ms: number | null;
    run_ms: number | null;
  }>(
    `SELECT state::text AS state,
            (extract(epoch FROM started_on - created_on) * 1000)::float8 AS wait_ms,
            (extract(epoch FROM completed_on - started_on) * 1000)::float8 AS run_ms
       FROM pgboss.job WHERE name = $1 AND (completed_on >= $2 OR completed_on IS NULL)`,
    [ANALYSIS_QUEUE, since],
  );
  const done = rows.filter((r) => r.state === 'completed' || r.state === 'failed');
  const waits = done.map((r) => r.wait_ms ?? 0).sort((a, b) => a - b);
  const runs = done.map((r) => r.run_ms ?? 0).sort((a, b) => a - b);
  const minutes = (untilMs - sinceMs) / 60_000;
  return {
    jobsPerMinute: Number((done.length / minutes).toFixed(1)),
    waitP50Ms: Math.round(percentile(waits, 50)),
    waitP99Ms: Math.round(percentile(waits, 99)),
    runP50Ms: Math.round(percentile(runs, 50)),
    stillQueued: rows.filter((r) => r.state === 'created' || r.state === 'retry').length,
    active: rows.filter((r) => r.state === 'active').length,
  };
}
