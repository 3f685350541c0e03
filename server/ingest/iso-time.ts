/**
 * Strict ISO 8601 / RFC 3339 times. `Date.parse` rolls `2026-02-30` over into March and reads
 * many non-ISO forms, so a reading could land on a day nobody sent (issue 13, finding 7): here
 * every field is checked against the calendar instead.
 */
import { daysInMonth } from '../../domain/calendar.ts';

const ISO_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?)?$/;

/**
 * Milliseconds since the epoch of an ISO 8601 date or date-time, or null when the text is not
 * one or names a day, hour or offset that does not exist. A date alone is midnight UTC, and a
 * date-time without an offset is read as UTC (never the server's own zone). Digits beyond the
 * millisecond are dropped, as `Date.parse` does.
 */
export function parseIsoTime(text: string): number | null {
  const canonical = canonicalUtcTime(text);
  if (canonical !== undefined) return canonical;
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
  if (sign !== undefined && (offsetHours > 23 || offsetMinutes > 59)) return null;
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
  const utc = calendarTimeMs(year, month, day, hour, minute, second, millis);
  const offsetMs = sign === undefined ? 0 : (offsetHours * 60 + offsetMinutes) * 60_000;
  return utc === null ? null : utc - (sign === '-' ? -offsetMs : offsetMs);
}

const ZERO = 48;
const MS_PER_DAY = 86_400_000;

/** The number written by the `width` ASCII digits at `at`, or -1. */
function digitsAt(text: string, at: number, width: number): number {
  let value = 0;
  for (let i = at; i < at + width; i += 1) {
    const digit = text.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The UTC time of a calendar date and time of day, or null when that day or hour does not exist. */
function calendarTimeMs(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  millis: number,
): number | null {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return (
    daysFromCivil(year, month, day) * MS_PER_DAY +
    ((hour * 60 + minute) * 60 + second) * 1000 +
    millis
  );
}

/**
 * The form gateways send, `YYYY-MM-DDTHH:MM:SS[.f…]Z`, read without a regular expression or a
 * Date (the ingest reads one per block): its time, null for a day or hour that does not exist,
 * or undefined for any other form, which the general reader above takes.
 */
function canonicalUtcTime(text: string): number | null | undefined {
  const length = text.length;
  if (length < 20 || text.charCodeAt(length - 1) !== 90 /* Z */) return undefined;
  if (text[4] !== '-' || text[7] !== '-' || text[10] !== 'T' || text[13] !== ':') return undefined;
  if (text[16] !== ':') return undefined;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  const second = digitsAt(text, 17, 2);
  if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return undefined;
  let millis = 0;
  if (length > 20) {
    const digits = length - 21;
    if (text[19] !== '.' || digits < 1 || digits > 9 || digitsAt(text, 20, digits) < 0) {
      return undefined;
    }
    // Digits beyond the millisecond are dropped, as the general reader does.
    millis = digitsAt(text, 20, Math.min(3, digits)) * 10 ** (3 - Math.min(3, digits));
  }
  return calendarTimeMs(year, month, day, hour, minute, second, millis);
}
