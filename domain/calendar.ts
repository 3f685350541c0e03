/** The earliest civil time zone, UTC+14 (Line Islands): no one's today is later than its. */
const LATEST_ZONE_OFFSET_MS = 14 * 3_600_000;

/**
 * The latest date that is today somewhere (YYYY-MM-DD): a date typed by a reader east of UTC may
 * be a day ahead of UTC's, and is not in the future for them.
 */
export const latestToday = (now: Date): string =>
  new Date(now.getTime() + LATEST_ZONE_OFFSET_MS).toISOString().slice(0, 10);

/** The reader's own calendar date (YYYY-MM-DD), for a date field's default and upper bound. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * Days in a month of the Gregorian calendar (month 1-12): what a parsed date is checked against,
 * since `Date.UTC` rolls 30 February over into March instead of refusing it.
 */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
