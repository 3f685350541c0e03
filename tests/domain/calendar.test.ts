import { describe, expect, it } from 'vitest';
import { daysInMonth, latestToday, localToday } from '../../domain/calendar.ts';

describe('calendar dates', () => {
  it("takes the latest today on Earth (UTC+14) as a date field's bound", () => {
    // 09:59 UTC is 23:59 in Kiribati: still today there too.
    expect(latestToday(new Date('2026-11-29T09:59:00Z'))).toBe('2026-11-29');
    // From 10:00 UTC it is already tomorrow there: a reader east of UTC may type it.
    expect(latestToday(new Date('2026-11-29T10:00:00Z'))).toBe('2026-11-30');
  });

  it("gives the reader's own date, not UTC's", () => {
    const late = new Date(2026, 10, 29, 23, 30);
    expect(localToday(late)).toBe('2026-11-29');
    expect(localToday(new Date(2027, 0, 1, 0, 5))).toBe('2027-01-01');
  });

  it('knows the length of each month, leap years included', () => {
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2026, 11)).toBe(30);
  });
});
