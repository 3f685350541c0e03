import { localSecondsOfDay } from './local-time.ts';

/** A user's quiet hours: local wall-clock times 'HH:MM' in an IANA time zone (decision 050). */
export interface QuietHours {
  start: string;
  end: string;
  timeZone: string;
}

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after local midnight of a 'HH:MM' time (00:00 to 23:59), or null. */
export function minutesOfClock(clock: string): number | null {
  const match = CLOCK.exec(clock);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** True for a time zone name this runtime's Intl knows (IANA names such as Europe/Lisbon, UTC). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name) || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * Why these quiet hours cannot be kept, as `field: reason` (the API's detail and the form's
 * message), or null when they are valid. Fields are named as the API names them.
 */
export function quietHoursProblem(quiet: QuietHours): string | null {
  if (minutesOfClock(quiet.start) === null) {
    return 'quiet_hours.start: must be a time of day as HH:MM (00:00 to 23:59)';
  }
  if (minutesOfClock(quiet.end) === null) {
    return 'quiet_hours.end: must be a time of day as HH:MM (00:00 to 23:59)';
  }
  if (quiet.start === quiet.end) return 'quiet_hours.end: must differ from the start';
  if (!isTimeZone(quiet.timeZone)) {
    return 'quiet_hours.time_zone: must be an IANA time zone name, e.g. Europe/Lisbon';
  }
  return null;
}

const DAY_SECONDS = 86_400;

/**
 * When the quiet hours that `at` falls in end, or null when `at` is outside them. A window whose
 * end is before its start runs past midnight (22:00 to 07:00). The end is found on the local
 * clock and then corrected once for a change of UTC offset inside the window (a daylight-saving
 * night), so a hold ends at the end's wall-clock time even across the change; an end that the
 * change skips (02:30 on a spring-forward night) comes when the clock shows 03:30.
 */
export function quietUntil(at: Date, quiet: QuietHours): Date | null {
  const start = minutesOfClock(quiet.start);
  const end = minutesOfClock(quiet.end);
  if (start === null || end === null || start === end || !isTimeZone(quiet.timeZone)) return null;
  const now = localSecondsOfDay(at, quiet.timeZone);
  const [from, to] = [start * 60, end * 60];
  const inside = from < to ? now >= from && now < to : now >= from || now < to;
  if (!inside) return null;
  const wait = (to - now + DAY_SECONDS) % DAY_SECONDS;
  const guess = new Date(Math.floor(at.getTime() / 1000) * 1000 + wait * 1000);
  // An offset change inside the window moves the local clock: shift by what it is off by.
  const drift = (to - localSecondsOfDay(guess, quiet.timeZone) + DAY_SECONDS) % DAY_SECONDS;
  const shift = drift > DAY_SECONDS / 2 ? drift - DAY_SECONDS : drift;
  const corrected = new Date(guess.getTime() + shift * 1000);
  // An end the change skips has no instant of its own: the uncorrected one, after it, stands.
  return localSecondsOfDay(corrected, quiet.timeZone) === to ? corrected : guess;
}
