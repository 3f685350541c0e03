import { sql } from 'drizzle-orm';
import {
  type CableOfBridge,
  cablesOfBridge,
  referenceTensionsKn,
} from '../analysis/cable-tension-step.ts';
import type { Db } from '../db/client.ts';
import { intArray, rowsOf } from '../db/pg-arrays.ts';
import type { CableFact, CablesFacts } from './report-facts.ts';
import type { ReportMonth } from './report-month.ts';

export const NO_CABLES_TEXT =
  'No sensor of this bridge is on a stay or hanger, so no cable tension is estimated.';

const kn = (newtons: number | null) => (newtons === null ? null : newtons / 1000);
const changePercent = (valueKn: number | null, referenceKn: number | null) =>
  valueKn === null || referenceKn === null ? null : 100 * (valueKn / referenceKn - 1);

/** One cable's month as stored: the spread, the newest window and the newest tension. */
interface CableMonthRow {
  sensor_id: number;
  windows: number;
  tensions: number;
  mean: number | null;
  low: number | null;
  high: number | null;
  newest_ms: number | null;
  newest_note: string | null;
  latest_ms: number | null;
  latest_n: number | null;
  latest_uncertainty_n: number | null;
}

/**
 * Every cable's month in one statement, whatever the number of cables: per sensor the month's
 * spread, and its newest window and newest tension each read through the (sensor, window)
 * index with a LIMIT 1, as one query per cable did before.
 */
async function cableMonths(
  db: Db,
  sensorIds: number[],
  month: ReportMonth,
): Promise<Map<number, CableMonthRow>> {
  const from = new Date(month.startMs).toISOString();
  const to = new Date(month.endMs).toISOString();
  const inMonth = sql`sensor_id = s.id AND window_start >= ${from}::timestamptz
    AND window_start < ${to}::timestamptz`;
  const rows = rowsOf<CableMonthRow>(
    await db.execute(sql`
      SELECT s.id AS sensor_id, spread.windows, spread.tensions, spread.mean, spread.low,
        spread.high, newest.ms AS newest_ms, newest.note AS newest_note, latest.ms AS latest_ms,
        latest.tension_n AS latest_n, latest.uncertainty_n AS latest_uncertainty_n
      FROM unnest(${intArray(sensorIds)}::int[]) AS s(id)
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS windows, count(tension_n)::int AS tensions,
          avg(tension_n)::float8 AS mean, min(tension_n)::float8 AS low,
          max(tension_n)::float8 AS high
        FROM cable_tensions WHERE ${inMonth}) AS spread
      LEFT JOIN LATERAL (
        SELECT (extract(epoch FROM window_start) * 1000)::float8 AS ms, note
        FROM cable_tensions WHERE ${inMonth}
        ORDER BY window_start DESC LIMIT 1) AS newest ON true
      LEFT JOIN LATERAL (
        SELECT (extract(epoch FROM window_start) * 1000)::float8 AS ms, tension_n, uncertainty_n
        FROM cable_tensions WHERE ${inMonth} AND tension_n IS NOT NULL
        ORDER BY window_start DESC LIMIT 1) AS latest ON true`),
  );
  return new Map(rows.map((row) => [row.sensor_id, row]));
}

/** One cable's month facts from its stored month and the reference in force (decision 079). */
function cableFact(
  cable: CableOfBridge,
  stored: CableMonthRow | undefined,
  referenceKn: number | null,
): CableFact {
  const latestKn = kn(stored?.latest_n ?? null);
  const meanKn = kn(stored?.mean ?? null);
  const latestMs = stored?.latest_ms ?? null;
  return {
    sensorLabel: cable.label,
    streamId: cable.streamId,
    cable: cable.cable,
    referenceKn,
    referenceSet: cable.cable.reference_tension_kn != null,
    latest:
      latestMs !== null && latestKn !== null
        ? {
            windowStart: new Date(latestMs).toISOString(),
            tensionKn: latestKn,
            uncertaintyKn: kn(stored?.latest_uncertainty_n ?? null),
            changePercent: changePercent(latestKn, referenceKn),
          }
        : null,
    windowsInMonth: stored?.windows ?? 0,
    tensionsInMonth: stored?.tensions ?? 0,
    meanKn,
    minKn: kn(stored?.low ?? null),
    maxKn: kn(stored?.high ?? null),
    meanChangePercent: changePercent(meanKn, referenceKn),
    newestNote:
      stored?.newest_ms != null && stored.newest_ms !== latestMs ? stored.newest_note : null,
  };
}

/**
 * The report's cables (decision 079): per cable on the bridge (at most MAX_CABLES, as the
 * evaluation judges) its newest tension of the month ± its standard error, the month's mean,
 * lowest and highest tension, its limits and the change against the reference in force; or why
 * there is none. The reference is the one in force when the report is gathered. Three
 * statements for all the cables (the cables, their months, the references learnt), not a few
 * per cable.
 */
export async function cablesFacts(
  db: Db,
  bridgeId: number,
  month: ReportMonth,
): Promise<CablesFacts> {
  const cables = await cablesOfBridge(db, bridgeId);
  if (cables.length === 0) return { absent: NO_CABLES_TEXT, cables: [] };
  const months = await cableMonths(
    db,
    cables.map((c) => c.sensorId),
    month,
  );
  const references = await referenceTensionsKn(db, cables);
  return {
    absent: null,
    cables: cables.map((cable) =>
      cableFact(cable, months.get(cable.sensorId), references.get(cable.sensorId) ?? null),
    ),
  };
}
