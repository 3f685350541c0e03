// How the app writes times, dates, numbers and counts: one format for each, in the reader's
// locale and time zone. Every screen uses these, so no screen shows a raw ISO string.
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const shortDate = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const shortDateTime = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export const formatDateTime = (iso: string | number): string => dateTime.format(new Date(iso));

const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The reader's calendar date of an instant ('Nov 12, 2026'): the date part of formatDateTime. */
export const formatDate = (iso: string | number): string => date.format(new Date(iso));

const utc = new Intl.DateTimeFormat('en-CA', {
  dateStyle: 'medium',
  timeStyle: 'long',
  timeZone: 'UTC',
});

/** The same instant in UTC, for a `title` beside a local time (shown on hover). */
export const formatUtc = (iso: string | number): string => utc.format(new Date(iso));
export const formatShortDate = (ms: number): string => shortDate.format(new Date(ms));
export const formatShortDateTime = (iso: string | number): string =>
  shortDateTime.format(new Date(iso));

/**
 * A YYYY-MM-DD calendar date (no time zone shift); 'medium' ('Nov 12, 2026' in en-US) where a
 * narrow screen has no room for the month in full.
 */
export function formatCalendarDate(ymd: string, length: 'long' | 'medium' = 'long'): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: length, timeZone: 'UTC' }).format(
    new Date(`${ymd}T00:00:00Z`),
  );
}

export function formatNumber(value: number): string {
  if (value === 0) return '0';
  return Math.abs(value) >= 1000 || Math.abs(value) < 0.01
    ? value.toExponential(2)
    : value.toPrecision(3);
}

const TWO_DAYS_MS = 2 * 86_400_000;

const timeOfDay = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayKey = (ms: number): string => formatShortDate(ms);

/**
 * Axis labels for a time domain: the day alone for long spans; for short ones the day and time,
 * then the time alone while the day stays that of the label before (`previous`), so a phone's
 * narrow axis has room for them ('Nov 27, 06:00 AM', '12:00 PM', '06:00 PM', 'Nov 28, 12:00 AM').
 */
export function timeTickFormat([start, end]: readonly [number, number]): (
  ms: number,
  previous?: number,
) => string {
  if (end - start > TWO_DAYS_MS) return formatShortDate;
  return (ms, previous) =>
    previous !== undefined && dayKey(previous) === dayKey(ms)
      ? timeOfDay.format(new Date(ms))
      : formatShortDateTime(ms);
}

const pluralRules = new Intl.PluralRules('en');

/** '1 anomalous window', '204 anomalous windows': the count with the noun in the right number. */
export function countOf(count: number, one: string, other: string): string {
  const noun = pluralRules.select(count) === 'one' ? one : other;
  return `${count.toLocaleString('en')} ${noun}`;
}
