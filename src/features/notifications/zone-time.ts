import { localClockOf } from '../../../domain/local-time';

const pad = (value: number) => String(value).padStart(2, '0');

/** 'HH:MM' of seconds after local midnight: the rota's own clock, as its hand-off is written. */
export const clockText = (seconds: number): string =>
  `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}`;

const dayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** 'Tue, Dec 1' of a 'YYYY-MM-DD' date (no zone shift: the date is already the rota's). */
export const dayText = (date: string): string => dayFormat.format(new Date(`${date}T00:00:00Z`));

/** 'Tue, Dec 1 09:00' of an instant on the clock of `timeZone` (a rota's, not the reader's). */
export function zonedText(iso: string, timeZone: string): string {
  const { date, seconds } = localClockOf(new Date(iso), timeZone);
  return `${dayText(date)} ${clockText(seconds)}`;
}
