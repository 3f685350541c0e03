import { describe, expect, it } from 'vitest';
import { calibrationState, calibrationStateText } from '../../domain/calibration-state';
import { formatCalendarDate } from '../../domain/formats';

// Dates are written in the reader's locale, as everywhere in the app, never as ISO strings.
const shown = (ymd: string) => formatCalendarDate(ymd, 'medium');

describe('calibration state on 2026-11-24', () => {
  it.each([
    [null, 'not-recorded', 'No due date'],
    ['2026-11-23', 'overdue', `Overdue since ${shown('2026-11-23')}`],
    ['2026-11-24', 'due', `Due ${shown('2026-11-24')}`],
    ['2026-12-24', 'due', `Due ${shown('2026-12-24')}`],
    ['2026-12-25', 'valid', `Valid until ${shown('2026-12-25')}`],
  ] as const)('next due %s is %s', (nextDue, state, text) => {
    expect(calibrationState(nextDue, '2026-11-24')).toBe(state);
    expect(calibrationStateText(nextDue, '2026-11-24')).toBe(text);
  });

  it('writes no ISO date', () => {
    expect(calibrationStateText('2026-11-23', '2026-11-24')).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
