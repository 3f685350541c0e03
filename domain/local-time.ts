/**
 * Wall-clock time in an IANA time zone, from Intl alone (no Temporal in our runtimes): what a
 * local clock shows at an instant, and the instant a local clock shows a given time. Quiet hours
 * (decision 050) and on-call hand-offs (decision 056) both keep local time across daylight saving.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local calendar date ('YYYY-MM-DD') and seconds after local midnight of `at`. */
export function localClockOf(at: Date, timeZone: string): { date: string; seconds: number } {
  const parts = formatterOf(timeZone).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    seconds: Number(part('hour')) * 3600 + Number(part('minute')) * 60 + Number(part('second')),
  };
}

/** The wall-clock time of `at` in `timeZone`, as seconds after local midnight. */
export const localSecondsOfDay = (at: Date, timeZone: string): number =>
  localClockOf(at, timeZone).seconds;

const DAY_MS = 86_400_000;

/** Milliseconds of a 'YYYY-MM-DD' date's midnight read as UTC (calendar arithmetic only). */
export const utcMidnightOf = (date: string): number => Date.parse(`${date}T00:00:00Z`);

/** The date `days` after a 'YYYY-MM-DD' date. */
export const addDays = (date: string, days: number): string =>
  new Date(utcMidnightOf(date) + days * DAY_MS).toISOString().slice(0, 10);

/** Whole days from one 'YYYY-MM-DD' date to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((utcMidnightOf(to) - utcMidnightOf(from)) / DAY_MS);

/** What the zone's clock shows at `ms`, written as if it were a UTC time (whole seconds). */
export function wallClockMs(ms: number, timeZone: string): number {
  const { date, seconds } = localClockOf(new Date(ms), timeZone);
  return utcMidnightOf(date) + seconds * 1000;
}

/** How far the zone's clock is ahead of UTC at `ms`, in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  return wallClockMs(ms, timeZone) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant the zone's clock shows `seconds` after midnight of `date`. Offsets from half a
 * day before and after are tried, so a daylight-saving change that day is seen: a time shown
 * twice (01:30 on a fall-back night) is its first showing; a time the change skips (02:30 on a
 * spring-forward night) has no instant, and the old offset places it after the gap (03:30).
 */
export function instantOfLocal(date: string, seconds: number, timeZone: string): Date {
  const naive = utcMidnightOf(date) + seconds * 1000;
  const before = naive - offsetAt(naive - DAY_MS / 2, timeZone);
  const after = naive - offsetAt(naive + DAY_MS / 2, timeZone);
  const shows = (ms: number) => {
    const clock = localClockOf(new Date(ms), timeZone);
    return clock.date === date && clock.seconds === seconds;
  };
  const valid = [before, after].filter(shows);
  return new Date(valid.length > 0 ? Math.min(...valid) : before);
}
