// How the dashboard writes times: in the reader's locale and time zone.
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const shortDate = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const shortDateTime = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export const formatDateTime = (iso: string | number): string => dateTime.format(new Date(iso));
export const formatShortDate = (ms: number): string => shortDate.format(new Date(ms));
export const formatShortDateTime = (iso: string | number): string =>
  shortDateTime.format(new Date(iso));

/** A YYYY-MM-DD calendar date (no time zone shift). */
export function formatCalendarDate(ymd: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' }).format(
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

/** Axis labels for a time domain: day and hour for short spans, the day alone for longer ones. */
export function timeTickFormat([start, end]: readonly [number, number]): (ms: number) => string {
  return end - start <= TWO_DAYS_MS ? formatShortDateTime : formatShortDate;
}
