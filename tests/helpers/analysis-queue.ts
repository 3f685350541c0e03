import { sql } from 'drizzle-orm';
import { ANALYSIS_QUEUE } from '../../server/analysis/pg-boss-jobs.ts';
import type { Db } from '../../server/db/client.ts';
import { rowsOf } from '../../server/db/pg-arrays.ts';

export interface QueuedAnalysis {
  retrain: boolean;
  state: string;
  retryCount: number;
}

/** The analysis jobs pg-boss holds for one bridge, oldest first (its queue table, pgboss.job). */
export async function analysisJobsOf(db: Db, bridgeId: number): Promise<QueuedAnalysis[]> {
  const rows = rowsOf<{ retrain: boolean | null; state: string; retry_count: number }>(
    await db.execute(sql`
      select (data->>'retrain')::boolean as retrain, state, retry_count
      from pgboss.job
      where name = ${ANALYSIS_QUEUE} and singleton_key = ${String(bridgeId)}
      order by created_on`),
  );
  return rows.map((row) => ({
    retrain: row.retrain === true,
    state: row.state,
    retryCount: Number(row.retry_count),
  }));
}
