import { describe, expect, it } from 'vitest';
import { instantOfLocal } from '../../domain/local-time.ts';
import { onCallAt, type Rota } from '../../domain/on-call.ts';

const toronto = 'America/Toronto';
const daily = (startsOn: string, extra: Partial<Rota> = {}): Rota => ({
  rotation: 'daily',
  handOffTime: '09:00',
  timeZone: toronto,
  startsOn,
  members: [1, 2, 3],
  overrides: [],
  ...extra,
});
const at = (iso: string) => new Date(iso);
const who = (rota: Rota, iso: string) => {
  const answer = onCallAt(rota, at(iso));
  return { userId: answer.userId, until: answer.until?.toISOString() ?? null };
};

describe('who is on call', () => {
  it('hands off daily at the local hand-off time, in member order, and wraps round', () => {
    const rota = daily('2026-02-02');
    // 09:00 EST is 14:00 UTC.
    expect(who(rota, '2026-02-02T14:00:00Z')).toEqual({
      userId: 1,
      until: '2026-02-03T14:00:00.000Z',
    });
    expect(who(rota, '2026-02-03T13:59:59Z').userId).toBe(1);
    expect(who(rota, '2026-02-03T14:00:00Z').userId).toBe(2);
    expect(who(rota, '2026-02-05T03:00:00Z').userId).toBe(3);
    expect(who(rota, '2026-02-05T14:00:00Z').userId).toBe(1);
  });

  it('has no one on call before the first hand-off, until it', () => {
    expect(who(daily('2026-02-02'), '2026-02-02T13:59:00Z')).toEqual({
      userId: null,
      until: '2026-02-02T14:00:00.000Z',
    });
  });

  it('keeps 09:00 local across the March change: the turn before it is an hour shorter', () => {
    // Toronto springs forward on 2026-03-08: 09:00 EDT is 13:00 UTC.
    const rota = daily('2026-03-07');
    expect(who(rota, '2026-03-07T14:00:00Z')).toEqual({
      userId: 1,
      until: '2026-03-08T13:00:00.000Z',
    });
    expect(who(rota, '2026-03-08T12:59:00Z').userId).toBe(1);
    expect(who(rota, '2026-03-08T13:00:00Z')).toEqual({
      userId: 2,
      until: '2026-03-09T13:00:00.000Z',
    });
  });

  it('keeps 09:00 local across the November change: the turn before it is an hour longer', () => {
    // Toronto falls back on 2026-11-01: 09:00 EST is 14:00 UTC.
    const rota = daily('2026-10-31');
    expect(who(rota, '2026-10-31T13:00:00Z')).toEqual({
      userId: 1,
      until: '2026-11-01T14:00:00.000Z',
    });
    expect(who(rota, '2026-11-01T13:30:00Z').userId).toBe(1);
    expect(who(rota, '2026-11-01T14:00:00Z').userId).toBe(2);
  });

  it('places a hand-off the spring change skips after the gap, and a doubled one first', () => {
    // 02:30 does not exist on 2026-03-08 in Toronto: the clock shows 03:30 EDT at 07:30 UTC.
    expect(instantOfLocal('2026-03-08', 2.5 * 3600, toronto).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    // 01:30 is shown twice on 2026-11-01: first in EDT, 05:30 UTC.
    expect(instantOfLocal('2026-11-01', 1.5 * 3600, toronto).toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    const rota = daily('2026-03-07', { handOffTime: '02:30' });
    expect(who(rota, '2026-03-08T07:29:00Z').userId).toBe(1);
    expect(who(rota, '2026-03-08T07:30:00Z').userId).toBe(2);
  });

  it('hands off weekly on the starting weekday, across the March change', () => {
    const rota: Rota = { ...daily('2026-03-02'), rotation: 'weekly', members: [7, 8] };
    expect(who(rota, '2026-03-02T14:00:00Z')).toEqual({
      userId: 7,
      until: '2026-03-09T13:00:00.000Z',
    });
    expect(who(rota, '2026-03-08T20:00:00Z').userId).toBe(7);
    expect(who(rota, '2026-03-09T13:00:00Z')).toEqual({
      userId: 8,
      until: '2026-03-16T13:00:00.000Z',
    });
    expect(who(rota, '2026-03-16T13:00:00Z').userId).toBe(7);
  });

  it('lets an override win for its time, and says until its end or start', () => {
    const holiday = { from: at('2026-02-03T20:00:00Z'), to: at('2026-02-06T20:00:00Z'), userId: 9 };
    const rota = daily('2026-02-02', { overrides: [holiday] });
    // User 2's turn is cut short by the override's start.
    expect(who(rota, '2026-02-03T15:00:00Z')).toEqual({
      userId: 2,
      until: '2026-02-03T20:00:00.000Z',
    });
    // The override spans hand-offs: it lasts until its own end.
    expect(onCallAt(rota, at('2026-02-04T15:00:00Z'))).toEqual({
      userId: 9,
      until: at('2026-02-06T20:00:00Z'),
      override: true,
    });
    // After it, the rotation is where it would have been (2026-02-06's turn: user 2).
    expect(who(rota, '2026-02-06T20:00:00Z')).toEqual({
      userId: 2,
      until: '2026-02-07T14:00:00.000Z',
    });
  });

  it('has no one on call in an empty rota, unless an override says so', () => {
    const empty = daily('2026-02-02', { members: [] });
    expect(onCallAt(empty, at('2026-02-03T12:00:00Z'))).toEqual({
      userId: null,
      until: null,
      override: false,
    });
    const cover = { from: at('2026-02-03T00:00:00Z'), to: at('2026-02-04T00:00:00Z'), userId: 4 };
    expect(who({ ...empty, overrides: [cover] }, '2026-02-03T12:00:00Z')).toEqual({
      userId: 4,
      until: '2026-02-04T00:00:00.000Z',
    });
  });
});
