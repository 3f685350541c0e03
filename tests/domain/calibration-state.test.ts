import { describe, expect, it } from 'vitest';
import { calibrationState, calibrationStateText } from '../../src/domain/calibration-state';

describe('calibration state on 2026-11-24', () => {
  it.each([
    [null, 'not-recorded', 'No due date'],
    ['2026-11-23', 'overdue', 'Overdue since 2026-11-23'],
    ['2026-11-24', 'due', 'Due 2026-11-24'],
    ['2026-12-24', 'due', 'Due 2026-12-24'],
    ['2026-12-25', 'valid', 'Valid until 2026-12-25'],
  ] as const)('next due %s is %s', (nextDue, state, text) => {
    expect(calibrationState(nextDue, '2026-11-24')).toBe(state);
    expect(calibrationStateText(nextDue, '2026-11-24')).toBe(text);
  });
});
