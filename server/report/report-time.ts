import { HttpError } from '../http-error.ts';

/** The runtime's name of an IANA time zone ('America/Toronto'), or null when it knows none such. */
export function knownTimeZone(text: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: text }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const timeZoneProblem = (field: string, text: string) =>
  new HttpError(
    400,
    `${field}: '${text}' is not a time zone (an IANA name such as America/Toronto)`,
  );

/**
 * The zone a report is written in: the one asked for, else the company's (decision 063), else
 * UTC. The reader's browser sends its own, so the report's times read like the dashboard's; a
 * bad one is a 400 naming the field.
 */
export function parseTimeZone(text: string | undefined, companyZone: string | null = null): string {
  if (text === undefined || text === '') return companyZone ?? 'UTC';
  const zone = knownTimeZone(text);
  if (zone === null) throw timeZoneProblem('tz', text);
  return zone;
}

/**
 * Writes an instant as '2026-11-12 09:05 EST' in `timeZone`: the date in ISO order, a 24-hour
 * time, and the zone's abbreviation (or its offset, 'GMT-3:30', where it has none).
 */
export function minuteWriter(timeZone: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  });
  return (iso) => {
    const parts = Object.fromEntries(
      format.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
    );
    const zone = timeZone === 'UTC' ? 'UTC' : (parts.timeZoneName ?? timeZone);
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${zone}`;
  };
}

/** The calendar date of an instant in `timeZone`, YYYY-MM-DD. */
export function dayWriter(timeZone: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (iso) => format.format(new Date(iso));
}
