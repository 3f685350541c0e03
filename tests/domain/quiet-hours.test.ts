import { describe, expect, it } from 'vitest';
import { quietHoursProblem, quietUntil } from '../../domain/quiet-hours.ts';

const night = { start: '22:00', end: '07:00', timeZone: 'Europe/Lisbon' };

describe('quiet hours', () => {
  it('holds until the end of a window that runs past midnight, on the local clock', () => {
    // 23:30 in Lisbon in winter is 23:30 UTC; the hold ends at 07:00 local, 07:00 UTC.
    expect(quietUntil(new Date('2026-01-10T23:30:00Z'), night)?.toISOString()).toBe(
      '2026-01-11T07:00:00.000Z',
    );
    // In summer Lisbon is UTC+1: 05:00 local is 04:00 UTC, and 07:00 local is 06:00 UTC.
    expect(quietUntil(new Date('2026-07-10T04:00:00Z'), night)?.toISOString()).toBe(
      '2026-07-10T06:00:00.000Z',
    );
  });

  it('holds nothing outside the window, and nothing at its end', () => {
    expect(quietUntil(new Date('2026-01-10T12:00:00Z'), night)).toBeNull();
    expect(quietUntil(new Date('2026-01-11T07:00:00Z'), night)).toBeNull();
    expect(quietUntil(new Date('2026-01-10T22:00:00Z'), night)).not.toBeNull();
  });

  it('ends at the wall-clock end across a daylight-saving change in the window', () => {
    // Europe/Lisbon springs forward at 01:00 UTC on 2026-03-29; 07:00 local is then 06:00 UTC.
    expect(quietUntil(new Date('2026-03-28T23:00:00Z'), night)?.toISOString()).toBe(
      '2026-03-29T06:00:00.000Z',
    );
    // New York falls back on 2026-11-01: 07:00 EST is 12:00 UTC.
    const ny = { start: '21:00', end: '07:00', timeZone: 'America/New_York' };
    expect(quietUntil(new Date('2026-11-01T03:00:00Z'), ny)?.toISOString()).toBe(
      '2026-11-01T12:00:00.000Z',
    );
  });

  it('a daytime window in a zone east of UTC', () => {
    const lunch = { start: '12:00', end: '13:30', timeZone: 'Asia/Tokyo' };
    expect(quietUntil(new Date('2026-05-01T03:15:00Z'), lunch)?.toISOString()).toBe(
      '2026-05-01T04:30:00.000Z',
    );
  });

  it('names the field at fault', () => {
    expect(quietHoursProblem({ ...night, start: '7:00' })).toMatch(/^quiet_hours\.start: /);
    expect(quietHoursProblem({ ...night, end: '24:00' })).toMatch(/^quiet_hours\.end: /);
    expect(quietHoursProblem({ ...night, end: '22:00' })).toBe(
      'quiet_hours.end: must differ from the start',
    );
    expect(quietHoursProblem({ ...night, timeZone: 'Mars/Olympus' })).toMatch(
      /^quiet_hours\.time_zone: must be an IANA time zone name/,
    );
    expect(quietHoursProblem(night)).toBeNull();
  });
});
