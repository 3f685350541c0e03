import { formatCalendarDate } from './formats';

/**
 * Days before the due date that a calibration counts as due (the server's alert lead,
 * docs/audit-and-calibration.md).
 */
export const CALIBRATION_DUE_LEAD_DAYS = 30;

export type CalibrationState = 'not-recorded' | 'valid' | 'due' | 'overdue';

const DAY_MS = 86_400_000;

/**
 * The state of a sensor's newest calibration on `today` (YYYY-MM-DD), as the 'Calibration due'
 * alert judges it: overdue after its due day, due within the lead days before it.
 */
export function calibrationState(
  nextDue: string | null,
  today: string,
  leadDays = CALIBRATION_DUE_LEAD_DAYS,
): CalibrationState {
  if (nextDue === null) return 'not-recorded';
  if (nextDue < today) return 'overdue';
  const daysLeft = (Date.parse(nextDue) - Date.parse(today)) / DAY_MS;
  return daysLeft <= leadDays ? 'due' : 'valid';
}

/** 'Overdue since Nov 23, 2026' and the like, the date in the reader's locale. */
export function calibrationStateText(nextDue: string | null, today: string): string {
  if (nextDue === null) return 'No due date';
  const day = formatCalendarDate(nextDue, 'medium');
  switch (calibrationState(nextDue, today)) {
    case 'overdue':
      return `Overdue since ${day}`;
    case 'due':
      return `Due ${day}`;
    default:
      return `Valid until ${day}`;
  }
}
