import { type Coverage, coverageOf, type CoveredDay } from '../fatigue/coverage.ts';
import type { FatigueState } from '../fatigue/fatigue-status.ts';

const percent = (share: number) => `${Number((share * 100).toPrecision(3))} %`;
const perHourText = (perHour: number | null) =>
  perHour === null ? 'none (no monitored hour)' : perHour.toExponential(2);

/** '1–2 December', '3 December': days of one month (the report's title names month and year). */
export function daysText(from: string, through: string): string {
  const month = new Date(`${from}T00:00:00Z`).toLocaleString('en-GB', {
    month: 'long',
    timeZone: 'UTC',
  });
  const first = Number(from.slice(8, 10));
  const last = Number(through.slice(8, 10));
  return first === last ? `${first} ${month}` : `${first}\u2013${last} ${month}`;
}

/** The report's fatigue period: the month's days counted up to the report's date. */
export interface FatiguePeriod {
  /** '1–2 December'; null when no day of the month was counted. */
  label: string | null;
  coverage: Coverage | null;
}

/**
 * Decision 045, amendment 2026-12-02 (f): a monthly report's coverage is the month's, from its
 * first day (or the detail's first counted day, when later) to the last day counted in it, the
 * days the month's damage and counted days are taken from; not the whole record the card shows.
 */
export function monthPeriod(
  state: FatigueState,
  monitoredSeconds: ReadonlyMap<string, number | null>,
  firstDay: string,
  countedThrough: string | null,
): FatiguePeriod {
  const from = state.firstDay && state.firstDay > firstDay ? state.firstDay : firstDay;
  if (countedThrough === null || countedThrough < from) return { label: null, coverage: null };
  const days: CoveredDay[] = state.daily
    .filter((d) => d.day >= from && d.day <= countedThrough)
    .map((d) => ({ ...d, monitoredSeconds: monitoredSeconds.get(d.day) ?? null }));
  return {
    label: daysText(from, countedThrough),
    coverage: coverageOf(days, countedThrough, from),
  };
}

/** The month's coverage, then the record's (the card's, the remaining life's basis) when longer. */
export function coverageNotes(
  state: FatigueState,
  period: FatiguePeriod,
  countedThrough: string | null,
): string[] {
  const month = period.coverage;
  const record = state.coverage;
  const monthNote =
    month === null || period.label === null
      ? 'No day of the month counted'
      : `Monitored ${percent(month.monitoredShare)} of ${period.label} ` +
        `(${Math.round(month.monitoredHours)} of ${Math.round(month.periodHours)} hours); ` +
        `damage per monitored hour in it ${perHourText(month.damagePerMonitoredHour)}`;
  const same = month !== null && Math.round(record.periodHours) === Math.round(month.periodHours);
  if (same || state.firstDay === null || countedThrough === null) return [monthNote];
  return [
    monthNote,
    `From the first counted day, ${state.firstDay}, to ${countedThrough} (the ` +
      `whole record, as the dashboard's card counts it): monitored ${percent(record.monitoredShare)} (${Math.round(record.monitoredHours)} of ` +
      `${Math.round(record.periodHours)} hours); damage per monitored hour ` +
      `${perHourText(record.damagePerMonitoredHour)}, the remaining life's basis`,
  ];
}
