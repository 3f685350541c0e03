import { type KeyboardEvent, useRef, useState } from 'react';
import { onCallCalendar } from '../../../domain/on-call-calendar';
import type { Rota } from '../../api/queries/rotas';
import * as styles from './notifications-screen.css';
import { zoneLabel } from '../../ui/time-zones';
import { clockText, dayText } from './zone-time';

/** Two weeks ahead: the next hand-off of a weekly rota and the one after it are in sight. */
export const CALENDAR_DAYS = 14;
const WEEK = 7;

/** The contract's rota as the on-call rules read it (domain/on-call.ts). */
const ruleOf = (rota: Rota) => ({
  rotation: rota.rotation,
  handOffTime: rota.hand_off_time,
  timeZone: rota.time_zone,
  startsOn: rota.starts_on,
  members: rota.members,
  overrides: rota.overrides.map((o) => ({
    from: new Date(o.from),
    to: new Date(o.to),
    userId: o.user_id,
  })),
});

/** Arrow keys move a day or a week, Home and End to the week's ends (the ARIA grid pattern). */
function moveOf(key: string, index: number): number | null {
  if (key === 'ArrowRight') return index + 1;
  if (key === 'ArrowLeft') return index - 1;
  if (key === 'ArrowDown') return index + WEEK;
  if (key === 'ArrowUp') return index - WEEK;
  if (key === 'Home') return index - (index % WEEK);
  if (key === 'End') return index - (index % WEEK) + WEEK - 1;
  return null;
}

/**
 * Who is on call each day of the next two weeks, on the rota's own clock (decision 066): a grid
 * of weeks where there is room, a list of days on a phone. One day is in the Tab order; arrows
 * move between days, and each day reads out its date and its shifts.
 */
export function RotaCalendar(props: { rota: Rota; people: Map<number, string>; now: number }) {
  const { rota, people } = props;
  const days = onCallCalendar(ruleOf(rota), new Date(props.now), CALENDAR_DAYS);
  const [active, setActive] = useState(0);
  const cells = useRef<(HTMLDivElement | null)[]>([]);
  const nameOf = (userId: number | null) =>
    userId === null ? 'No one' : (people.get(userId) ?? `User ${String(userId)}`);

  const onKeyDown = (event: KeyboardEvent) => {
    const next = moveOf(event.key, active);
    if (next === null) return;
    event.preventDefault();
    const bounded = Math.min(Math.max(next, 0), days.length - 1);
    setActive(bounded);
    cells.current[bounded]?.focus();
  };

  const weeks = Array.from({ length: Math.ceil(days.length / WEEK) }, (_, w) =>
    days.slice(w * WEEK, (w + 1) * WEEK),
  );
  return (
    <>
      <p className={styles.note}>Times on the rota&apos;s clock: {zoneLabel(rota.time_zone)}.</p>
      <div
        role="grid"
        aria-label={`On-call calendar of ${rota.name}`}
        aria-readonly="true"
        className={styles.grid}
        onKeyDown={onKeyDown}
      >
        {weeks.map((week, w) => (
          <div role="row" key={week[0]?.date} className={styles.week}>
            {week.map((day, d) => {
              const index = w * WEEK + d;
              return (
                <div
                  role="gridcell"
                  key={day.date}
                  ref={(element) => {
                    cells.current[index] = element;
                  }}
                  tabIndex={index === active ? 0 : -1}
                  aria-current={index === 0 ? 'date' : undefined}
                  className={index === 0 ? styles.today : styles.day}
                  onFocus={() => setActive(index)}
                >
                  <span className={styles.dayName}>
                    {index === 0 ? `Today, ${dayText(day.date)}` : dayText(day.date)}
                  </span>
                  <ul className={styles.shifts}>
                    {day.shifts.map((shift) => (
                      <li key={shift.from.toISOString()}>
                        {shift.startsAt === 0 ? '' : `${clockText(shift.startsAt)} `}
                        {nameOf(shift.userId)}
                        {shift.override ? ' (override)' : ''}
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </>
  );
}
