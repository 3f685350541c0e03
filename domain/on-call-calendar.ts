import { addDays, instantOfLocal, localClockOf } from './local-time.ts';
import { type Rota, onCallAt } from './on-call.ts';

/** Who is on call from `from` (within one day) until the next change. */
export interface CalendarShift {
  userId: number | null;
  from: Date;
  /** Seconds after the day's local midnight the shift starts (0: it runs in from the day before). */
  startsAt: number;
  override: boolean;
}

/** One local day of a rota: its date ('YYYY-MM-DD', in the rota's zone) and its shifts in order. */
export interface CalendarDay {
  date: string;
  shifts: CalendarShift[];
}

/** A day sees a hand-off and a few overrides at most; more is cut, so a bad rota cannot spin. */
const MAX_SHIFTS_A_DAY = 12;

/**
 * The on-call calendar of a rota (issue 32's Notifications screen): for `days` local days from
 * the one holding `now`, who is on call at the day's start and at each change within it, as
 * onCallAt answers, so the calendar and the alarms never disagree (overrides, daylight saving).
 */
export function onCallCalendar(rota: Rota, now: Date, days: number): CalendarDay[] {
  const today = localClockOf(now, rota.timeZone).date;
  return Array.from({ length: days }, (_, index) => {
    const date = addDays(today, index);
    const start = instantOfLocal(date, 0, rota.timeZone);
    const end = instantOfLocal(addDays(date, 1), 0, rota.timeZone);
    const shifts: CalendarShift[] = [];
    let at = start;
    while (shifts.length < MAX_SHIFTS_A_DAY) {
      const onCall = onCallAt(rota, at);
      const previous = shifts[shifts.length - 1];
      // A change that leaves the same person on call (an override of the one whose turn it is)
      // is no hand-off to show.
      if (!previous || previous.userId !== onCall.userId) {
        const startsAt = at === start ? 0 : localClockOf(at, rota.timeZone).seconds;
        shifts.push({ userId: onCall.userId, from: at, startsAt, override: onCall.override });
      }
      if (onCall.until === null || onCall.until >= end) break;
      at = onCall.until;
    }
    return { date, shifts };
  });
}
