import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';
import { rowsOf } from '../../server/db/pg-arrays.ts';

/**
 * How many InitPlans and SubPlans the database plans for a query (decision 072: a policy's
 * visible ids should be one InitPlan, never a sub-plan per row or a nested policy).
 */
export async function planShape(db: Database['db'], query: string) {
  const plan = rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql.raw(`EXPLAIN ${query}`)))
    .map((row) => row['QUERY PLAN'])
    .join('\n');
  // Each sub-plan heads a line of its own (both versions: PGlite also names them in filters).
  return {
    initPlans: plan.match(/^\s*InitPlan \d/gm)?.length ?? 0,
    subPlans: plan.match(/^\s*SubPlan \d/gm)?.length ?? 0,
  };
}
