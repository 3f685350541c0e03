// How the app writes times, dates, numbers and counts: one format for each, in the reader's
// locale. Times are in the reader's time zone unless a zone is given: a bridge's screens pass
// the zone of the company that owns it (decision 064). Every screen uses these, so no screen
// shows a raw ISO string.
const OPTIONS = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  // The same, naming the zone ('Nov 30, 2026, 9:05 AM EST') where it is not the reader's own.
  // Written field by field: Intl refuses timeZoneName beside dateStyle and timeStyle.
  dateTimeZoned: {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  },
  date: { dateStyle: 'medium' },
  shortDate: { month: 'short', day: 'numeric' },
  shortDateTime: { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
  timeOfDay: { hour: '2-digit', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

// One formatter per (format, zone): making one costs far more than using it, and a screen
// formats hundreds of ticks and stops. The zones are the runtime's few hundred, so it stays small.
const made = new Map<string, Intl.DateTimeFormat>();
function formatter(name: keyof typeof OPTIONS, zone: string | undefined): Intl.DateTimeFormat {
  const key = `${name} ${zone ?? ''}`;
  let found = made.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(undefined, { ...OPTIONS[name], timeZone: zone });
    made.set(key, found);
  }
  return found;
}

/**
 * The zone itself when this runtime knows it, else undefined (the reader's zone): the server
 * checks a company's zone against its own runtime, which a browser's may not match.
 */
export function usableTimeZone(zone: string | null | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

export const formatDateTime = (iso: string | number, zone?: string): string =>
  formatter('dateTime', zone).format(new Date(iso));

/** formatDateTime with the zone's short name: for a time not in the reader's own zone. */
export const formatZonedDateTime = (iso: string | number, zone?: string): string =>
  formatter('dateTimeZoned', zone).format(new Date(iso));

/**
 * An instant as a bridge's screens write it (decision 064): in the company's zone, named, or in
 * the reader's own zone, unnamed, when there is no company zone.
 */
export const formatInstant = (iso: string | number, zone: string | undefined): string =>
  zone === undefined ? formatDateTime(iso) : formatZonedDateTime(iso, zone);

/** The calendar date of an instant ('Nov 12, 2026'): the date part of formatDateTime. */
export const formatDate = (iso: string | number, zone?: string): string =>
  formatter('date', zone).format(new Date(iso));

const utc = new Intl.DateTimeFormat('en-CA', {
  dateStyle: 'medium',
  timeStyle: 'long',
  timeZone: 'UTC',
});

/** The same instant in UTC, for a `title` beside a local time (shown on hover). */
export const formatUtc = (iso: string | number): string => utc.format(new Date(iso));
export const formatShortDate = (ms: number, zone?: string): string =>
  formatter('shortDate', zone).format(new Date(ms));
export const formatShortDateTime = (iso: string | number, zone?: string): string =>
  formatter('shortDateTime', zone).format(new Date(iso));

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

/**
 * Axis labels for a time domain: the day alone for long spans; for short ones the day and time,
 * then the time alone while the day stays that of the label before (`previous`), so a phone's
 * narrow axis has room for them ('Nov 27, 06:00 AM', '12:00 PM', '06:00 PM', 'Nov 28, 12:00 AM').
 * Days and hours are those of `zone` (the reader's when none).
 */
export function timeTickFormat(
  [start, end]: readonly [number, number],
  zone?: string,
): (ms: number, previous?: number) => string {
  const day = (ms: number) => formatShortDate(ms, zone);
  if (end - start > TWO_DAYS_MS) return day;
  return (ms, previous) =>
    previous !== undefined && day(previous) === day(ms)
      ? formatter('timeOfDay', zone).format(new Date(ms))
      : formatShortDateTime(ms, zone);
}

const pluralRules = new Intl.PluralRules('en');

/** '1 anomalous window', '204 anomalous windows': the count with the noun in the right number. */
export function countOf(count: number, one: string, other: string): string {
  const noun = pluralRules.select(count) === 'one' ? one : other;
  return `${count.toLocaleString('en')} ${noun}`;
}

/** '2026-04-03 10:00 UTC': a minute as the alerts and the analysis' words write it. */
export const utcMinuteText = (at: Date | number | string): string =>
  `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
