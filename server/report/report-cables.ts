import { and, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { cablesOfBridge, referenceTensionKn } from '../analysis/cable-tension-step.ts';
import type { Db } from '../db/client.ts';
import { cableTensions } from '../db/schema.ts';
import type { CableFact, CablesFacts } from './report-facts.ts';
import type { ReportMonth } from './report-month.ts';

export const NO_CABLES_TEXT =
  'No sensor of this bridge is on a stay or hanger, so no cable tension is estimated.';

const kn = (newtons: number | null) => (newtons === null ? null : newtons / 1000);
const changePercent = (valueKn: number | null, referenceKn: number | null) =>
  valueKn === null || referenceKn === null ? null : 100 * (valueKn / referenceKn - 1);

/** One cable's month: its newest window, newest tension and the month's spread (decision 079). */
async function cableFact(
  db: Db,
  cable: Awaited<ReturnType<typeof cablesOfBridge>>[number],
  month: ReportMonth,
): Promise<CableFact> {
  const inMonth = and(
    eq(cableTensions.sensorId, cable.sensorId),
    gte(cableTensions.windowStart, new Date(month.startMs)),
    lt(cableTensions.windowStart, new Date(month.endMs)),
  );
  const [spread] = await db
    .select({
      windows: sql<number>`count(*)::int`,
      tensions: sql<number>`count(${cableTensions.tensionN})::int`,
      mean: sql<number | null>`avg(${cableTensions.tensionN})::float8`,
      low: sql<number | null>`min(${cableTensions.tensionN})::float8`,
      high: sql<number | null>`max(${cableTensions.tensionN})::float8`,
    })
    .from(cableTensions)
    .where(inMonth);
  const [newest] = await db
    .select({ windowStart: cableTensions.windowStart, note: cableTensions.note })
    .from(cableTensions)
    .where(inMonth)
    .orderBy(desc(cableTensions.windowStart))
    .limit(1);
  const [latest] = await db
    .select({
      windowStart: cableTensions.windowStart,
      tensionN: cableTensions.tensionN,
      uncertaintyN: cableTensions.uncertaintyN,
    })
    .from(cableTensions)
    .where(and(inMonth, isNotNull(cableTensions.tensionN)))
    .orderBy(desc(cableTensions.windowStart))
    .limit(1);
  const referenceKn = await referenceTensionKn(db, cable.sensorId, cable.cable);
  const latestKn = kn(latest?.tensionN ?? null);
  const meanKn = kn(spread?.mean ?? null);
  return {
    sensorLabel: cable.label,
    streamId: cable.streamId,
    cable: cable.cable,
    referenceKn,
    referenceSet: cable.cable.reference_tension_kn != null,
    latest:
      latest && latestKn !== null
        ? {
            windowStart: latest.windowStart.toISOString(),
            tensionKn: latestKn,
            uncertaintyKn: kn(latest.uncertaintyN),
            changePercent: changePercent(latestKn, referenceKn),
          }
        : null,
    windowsInMonth: spread?.windows ?? 0,
    tensionsInMonth: spread?.tensions ?? 0,
    meanKn,
    minKn: kn(spread?.low ?? null),
    maxKn: kn(spread?.high ?? null),
    meanChangePercent: changePercent(meanKn, referenceKn),
    newestNote:
      newest && newest.windowStart.getTime() !== latest?.windowStart.getTime() ? newest.note : null,
  };
}

/**
 * The report's cables (decision 079): per cable on the bridge (at most MAX_CABLES, as the
 * evaluation judges) its newest tension of the month ± its standard error, the month's mean,
 * lowest and highest tension, its limits and the change against the reference in force; or why
 * there is none. The reference is the one in force when the report is gathered.
 */
export async function cablesFacts(
  db: Db,
  bridgeId: number,
  month: ReportMonth,
): Promise<CablesFacts> {
  const cables = await cablesOfBridge(db, bridgeId);
  if (cables.length === 0) return { absent: NO_CABLES_TEXT, cables: [] };
  const facts: CableFact[] = [];
  for (const cable of cables) facts.push(await cableFact(db, cable, month));
  return { absent: null, cables: facts };
}
