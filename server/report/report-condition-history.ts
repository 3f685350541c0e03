import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import type { Condition } from '../../domain/health.ts';
import type { Db } from '../db/client.ts';
import { conditionHistory } from '../db/schema.ts';
import type { ConditionChangeFact, ConditionHistoryFacts } from './report-facts.ts';
import type { ReportMonth } from './report-month.ts';

interface Evaluated {
  evaluatedAt: Date;
  condition: Condition;
}

/**
 * The month's condition from the history: the last evaluation before it, every evaluation in it
 * whose condition differs from the one before, and so the condition at its end.
 */
export function conditionTimeline(
  before: Evaluated | undefined,
  inMonth: Evaluated[],
  monthEnded: boolean,
): ConditionHistoryFacts {
  const atMonthStart = before?.condition ?? null;
  const changes: ConditionChangeFact[] = [];
  let current = atMonthStart;
  for (const row of inMonth) {
    if (row.condition === current) continue;
    changes.push({ at: row.evaluatedAt.toISOString(), from: current, to: row.condition });
    current = row.condition;
  }
  return {
    atMonthStart,
    changes,
    atMonthEnd: current,
    evaluationsInMonth: inMonth.length,
    monthEnded,
  };
}

export async function conditionHistoryFacts(
  db: Db,
  bridgeId: number,
  month: ReportMonth,
  now: Date,
): Promise<ConditionHistoryFacts> {
  const columns = {
    evaluatedAt: conditionHistory.evaluatedAt,
    condition: conditionHistory.condition,
  };
  const start = new Date(month.startMs);
  const [before] = await db
    .select(columns)
    .from(conditionHistory)
    .where(and(eq(conditionHistory.bridgeId, bridgeId), lt(conditionHistory.evaluatedAt, start)))
    .orderBy(desc(conditionHistory.evaluatedAt), desc(conditionHistory.id))
    .limit(1);
  // A month of evaluations every 10 minutes is a few thousand two-column rows: read them whole.
  const inMonth = await db
    .select(columns)
    .from(conditionHistory)
    .where(
      and(
        eq(conditionHistory.bridgeId, bridgeId),
        gte(conditionHistory.evaluatedAt, start),
        lt(conditionHistory.evaluatedAt, new Date(month.endMs)),
      ),
    )
    .orderBy(asc(conditionHistory.evaluatedAt), asc(conditionHistory.id));
  return conditionTimeline(before, inMonth, now.getTime() >= month.endMs);
}
