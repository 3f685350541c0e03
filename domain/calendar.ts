const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * Days in a month of the Gregorian calendar (month 1-12): what a parsed date is checked against,
 * since `Date.UTC` rolls 30 February over into March instead of refusing it.
 */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
