import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';
import { rowsOf } from '../../server/db/pg-arrays.ts';

async function planText(db: Database['db'], query: string): Promise<string> {
  return rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql.raw(`EXPLAIN ${query}`)))
    .map((row) => row['QUERY PLAN'])
    .join('\n');
}

/**
 * How many InitPlans and SubPlans the database plans for a query (decision 072: a policy's
 * visible ids are evaluated once per query, never a sub-plan per row).
 */
export async function planShape(db: Database['db'], query: string) {
  const plan = await planText(db, query);
  // Each sub-plan heads a line of its own (both versions: PGlite also names them in filters).
  return {
    initPlans: plan.match(/^\s*InitPlan \d/gm)?.length ?? 0,
    subPlans: plan.match(/^\s*SubPlan \d/gm)?.length ?? 0,
  };
}

/**
 * planShape, and how many references to a sub-plan are not hashed: a hashed sub-plan is built
 * once per statement (per partition scanned) from the source's visible rows and probed per row;
 * an unhashed one runs per row (decision 072 (f), migration 0075).
 */
export async function planShapeWithHashes(db: Database['db'], query: string) {
  const plan = await planText(db, query);
  const references = plan.split('\n').filter((line) => !/^\s*SubPlan \d/.test(line));
  return {
    ...(await planShape(db, query)),
    perRowSubPlans: references.join('\n').match(/(?<!hashed )SubPlan \d/g)?.length ?? 0,
  };
}
