import { describe, expect, it } from 'vitest';
import { onCallCalendar } from '../../domain/on-call-calendar.ts';
import type { Rota } from '../../domain/on-call.ts';

const weekly: Rota = {
  rotation: 'weekly',
  handOffTime: '09:00',
  timeZone: 'America/Toronto',
  startsOn: '2026-11-02',
  members: [7, 9, 11],
  overrides: [],
};

/** Each day as 'date: HH:MM user, …' (00:00 for the shift running in from the day before). */
const text = (rota: Rota, now: Date, days: number) =>
  onCallCalendar(rota, now, days).map(
    (day) =>
      `${day.date}: ${day.shifts
        .map((s) => {
          const hhmm = new Date(s.startsAt * 1000).toISOString().slice(11, 16);
          return `${hhmm} ${String(s.userId)}${s.override ? '*' : ''}`;
        })
        .join(', ')}`,
  );

describe('onCallCalendar', () => {
  it('shows a weekly hand-off on its day at the local hand-off time, in the rota’s zone', () => {
    // 2026-11-30 03:00 UTC is still the 29th in Toronto: the calendar starts on the local day.
    expect(text(weekly, new Date('2026-11-30T03:00:00Z'), 3)).toEqual([
      '2026-11-29: 00:00 7',
      '2026-11-30: 00:00 7, 09:00 9',
      '2026-12-01: 00:00 9',
    ]);
  });

  it('hands off every day for a daily rota, and leaves days before the first turn empty', () => {
    const daily: Rota = { ...weekly, rotation: 'daily', startsOn: '2026-12-02' };
    expect(text(daily, new Date('2026-12-01T12:00:00Z'), 3)).toEqual([
      '2026-12-01: 00:00 null',
      '2026-12-02: 00:00 null, 09:00 7',
      '2026-12-03: 00:00 7, 09:00 9',
    ]);
  });

  it('shows an override from its start to its end, marked as one', () => {
    const holiday: Rota = {
      ...weekly,
      overrides: [
        {
          from: new Date('2026-12-01T17:00:00Z'),
          to: new Date('2026-12-02T17:00:00Z'),
          userId: 11,
        },
      ],
    };
    expect(text(holiday, new Date('2026-12-01T12:00:00Z'), 2)).toEqual([
      '2026-12-01: 00:00 9, 12:00 11*',
      '2026-12-02: 00:00 11*, 12:00 9',
    ]);
  });

  it('keeps the hand-off at 09:00 local across the autumn clock change', () => {
    // Toronto falls back on 2026-11-01; a daily rota hands off at 09:00 EST from then on.
    const daily: Rota = { ...weekly, rotation: 'daily', startsOn: '2026-10-30', members: [1, 2] };
    const days = onCallCalendar(daily, new Date('2026-10-31T12:00:00Z'), 3);
    expect(days.map((d) => d.shifts[1]?.from.toISOString())).toEqual([
      '2026-10-31T13:00:00.000Z',
      '2026-11-01T14:00:00.000Z',
      '2026-11-02T14:00:00.000Z',
    ]);
  });

  it('shows one shift for a rota without members', () => {
    expect(text({ ...weekly, members: [] }, new Date('2026-12-01T12:00:00Z'), 1)).toEqual([
      '2026-12-01: 00:00 null',
    ]);
  });
});
