// The register statuses a sensor had during a report's month, read from its dated history
// (issue 30, decision 045, 2026-12-03 (g) and (i)): a sensor in maintenance from the 3rd to the
// 7th reads so in April's report, whatever its status is now.
import { sensorStatusLabel } from '../../domain/enums.ts';
import type { Db } from '../db/client.ts';
import { statusHistories, type StatusChange } from '../repositories/sensor-status-repository.ts';
import type { StatusPeriodFact } from './report-facts.ts';
import type { ReportMonth } from './report-month.ts';

/**
 * The periods of `month` each status was in force, oldest first, from a sensor's history (oldest
 * first). A change holds until the next; a period starting before the month starts at its start
 * and one lasting past its end has no end. Nothing before the history's first change (the
 * sensor's installation): a sensor installed after the month has no period in it.
 */
export function statusPeriodsInMonth(
  history: readonly StatusChange[],
  month: Pick<ReportMonth, 'startMs' | 'endMs'>,
): StatusPeriodFact[] {
  return history.flatMap((change, i) => {
    const next = history[i + 1]?.effectiveAt ?? Number.POSITIVE_INFINITY;
    const from = Math.max(change.effectiveAt, month.startMs);
    const to = Math.min(next, month.endMs);
    if (from >= to) return [];
    return [
      {
        status: change.status,
        from: new Date(from).toISOString(),
        to: next < month.endMs ? new Date(next).toISOString() : null,
        // A history's undated first row says the status, not since when (migration 0073).
        startKnown: change.dated || change.effectiveAt < month.startMs,
        fromMonthStart: change.effectiveAt <= month.startMs,
      },
    ];
  });
}

/** Sensor id → its status periods in the month, for each of `sensorIds` with a history. */
export async function sensorStatusPeriods(
  db: Db,
  sensorIds: readonly number[],
  month: Pick<ReportMonth, 'startMs' | 'endMs'>,
): Promise<Map<number, StatusPeriodFact[]>> {
  const histories = await statusHistories(db, sensorIds);
  return new Map([...histories].map(([id, list]) => [id, statusPeriodsInMonth(list, month)]));
}

/**
 * The month's statuses in words, e.g. 'Active all month' or 'Active until 2026-04-03 10:00 UTC;
 * Under Maintenance from 2026-04-03 10:00 UTC to 2026-04-07 16:00 UTC; Active from 2026-04-07
 * 16:00 UTC'. `when` writes an instant in the report's time zone.
 */
export function statusPeriodsText(
  periods: readonly StatusPeriodFact[],
  when: (iso: string) => string,
): string {
  if (periods.length === 0) return 'not installed in the month';
  return periods
    .map((p) => {
      const name = sensorStatusLabel(p.status);
      const from = p.startKnown ? when(p.from) : `${when(p.from)} (start not recorded)`;
      if (p.fromMonthStart)
        return p.to === null ? `${name} all month` : `${name} until ${when(p.to)}`;
      return p.to === null ? `${name} from ${from}` : `${name} from ${from} to ${when(p.to)}`;
    })
    .join('; ');
}
