import { addDays, daysBetween, instantOfLocal, localClockOf } from './local-time.ts';
import { minutesOfClock } from './quiet-hours.ts';

/** A stand-in for part of a rota's turns (a holiday): `userId` is on call from `from` to `to`. */
export interface RotaOverride {
  from: Date;
  to: Date;
  userId: number;
}

/** An on-call rota (decision 056): members take turns, handing off at a local time of day. */
export interface Rota {
  rotation: 'daily' | 'weekly';
  /** 'HH:MM', local time in `timeZone`. */
  handOffTime: string;
  timeZone: string;
  /** 'YYYY-MM-DD': the first member's first turn begins at the hand-off time of this day. */
  startsOn: string;
  /** User ids in turn order. */
  members: readonly number[];
  overrides: readonly RotaOverride[];
}

/** Who is on call and until when; userId null: nobody (no members, or before the first turn). */
export interface OnCall {
  userId: number | null;
  /** The next change of who is on call (a hand-off, or an override's start or end). */
  until: Date | null;
  /** True when an override put this person on call. */
  override: boolean;
}

/** One turn of the rotation: its number (0 is the first) and its local start date. */
function turnAt(rota: Rota, at: Date, handOffSeconds: number) {
  const today = localClockOf(at, rota.timeZone).date;
  // Before today's hand-off, yesterday's turn still runs. Compared as instants, so a hand-off
  // the spring change skips happens when instantOfLocal places it, not when the clock passes it.
  const handOffToday = instantOfLocal(today, handOffSeconds, rota.timeZone);
  const shiftDay = at >= handOffToday ? today : addDays(today, -1);
  const days = daysBetween(rota.startsOn, shiftDay);
  const length = rota.rotation === 'weekly' ? 7 : 1;
  const turn = Math.floor(days / length);
  return { turn, nextHandOffDate: addDays(rota.startsOn, (turn + 1) * length) };
}

/**
 * Who is on call at `at`. Turns run in member order from `startsOn`, each a day or a week, and
 * change at the hand-off time on the local clock, so a hand-off at 09:00 stays at 09:00 across a
 * daylight-saving change (that turn is an hour shorter or longer). An override wins over the
 * rotation while it lasts; of overlapping overrides the one that began last wins.
 */
export function onCallAt(rota: Rota, at: Date): OnCall {
  const minutes = minutesOfClock(rota.handOffTime);
  if (minutes === null) return { userId: null, until: null, override: false };
  const handOffSeconds = minutes * 60;
  const { turn, nextHandOffDate } = turnAt(rota, at, handOffSeconds);
  const beforeStart = turn < 0;
  const nextHandOff =
    rota.members.length === 0
      ? null
      : beforeStart
        ? instantOfLocal(rota.startsOn, handOffSeconds, rota.timeZone)
        : instantOfLocal(nextHandOffDate, handOffSeconds, rota.timeZone);
  const count = rota.members.length;
  const scheduled = count === 0 || beforeStart ? null : (rota.members[turn % count] ?? null);

  const current = rota.overrides
    .filter((o) => o.from <= at && at < o.to)
    .sort((a, b) => b.from.getTime() - a.from.getTime())[0];
  // The next moment the answer may change: an override's start or end, and without an override
  // running, the next hand-off (hand-offs under an override change nothing).
  const changes = [
    ...(current ? [current.to] : nextHandOff ? [nextHandOff] : []),
    ...rota.overrides.flatMap((o) => [o.from, o.to]).filter((moment) => moment > at),
  ];
  const until =
    changes.length > 0 ? new Date(Math.min(...changes.map((moment) => moment.getTime()))) : null;
  return current
    ? { userId: current.userId, until, override: true }
    : { userId: scheduled, until, override: false };
}
