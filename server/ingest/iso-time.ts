/**
 * Strict ISO 8601 / RFC 3339 times. `Date.parse` rolls `2026-02-30` over into March and reads
 * many non-ISO forms, so a reading could land on a day nobody sent (issue 13, finding 7): here
 * every field is checked against the calendar instead.
 */

const ISO_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?)?$/;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * Milliseconds since the epoch of an ISO 8601 date or date-time, or null when the text is not
 * one or names a day, hour or offset that does not exist. A date alone is midnight UTC, and a
 * date-time without an offset is read as UTC (never the server's own zone). Digits beyond the
 * millisecond are dropped, as `Date.parse` does.
 */
export function parseIsoTime(text: string): number | null {
  const match = ISO_TIME.exec(text);
  if (!match) return null;
  const field = (index: number) => Number(match[index] ?? 0);
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map(field) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const fraction = match[7] ?? '';
  const sign = match[9];
  const [offsetHours, offsetMinutes] = [field(10), field(11)];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  if (sign !== undefined && (offsetHours > 23 || offsetMinutes > 59)) return null;
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear keeps the year as written.
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, millis));
  date.setUTCFullYear(year);
  const offsetMs = sign === undefined ? 0 : (offsetHours * 60 + offsetMinutes) * 60_000;
  return date.getTime() - (sign === '-' ? -offsetMs : offsetMs);
}
