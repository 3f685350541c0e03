import { type FieldErrors, isCalendarDate, longerThan } from '../../../domain/form-rules';
import {
  MAINTENANCE_KINDS,
  MAINTENANCE_NOTE_MAX,
  type MaintenanceKind,
  OUT_OF_SERVICE_MAX_DAYS,
  SENSOR_KINDS,
} from '../../../domain/maintenance';

export type MaintenanceFormValues = Record<string, string>;

export const isMaintenanceKind = (value: string): value is MaintenanceKind =>
  (MAINTENANCE_KINDS as readonly string[]).includes(value);

/**
 * The out-of-service window of the form (decision 055) as instants: the fields are the browser's
 * local date and time ("2026-11-29T08:00"), which `Date` reads in the browser's time zone. Null
 * when both are empty or either does not read as a time.
 */
export function outOfServiceOf(values: MaintenanceFormValues): { from: string; to: string } | null {
  const from = new Date(values.outOfServiceFrom ?? '');
  const to = new Date(values.outOfServiceTo ?? '');
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return null;
  return { from: from.toISOString(), to: to.toISOString() };
}

function outOfServiceErrors(values: MaintenanceFormValues): FieldErrors<string> {
  const from = values.outOfServiceFrom ?? '';
  const to = values.outOfServiceTo ?? '';
  if (from === '' && to === '') return {};
  if (from === '') return { outOfServiceFrom: 'Give when the works start, or clear both times' };
  if (to === '') return { outOfServiceTo: 'Give when the works end, or clear both times' };
  const window = outOfServiceOf(values);
  if (!window) return { outOfServiceTo: 'Give a date and time' };
  const lasts = Date.parse(window.to) - Date.parse(window.from);
  if (lasts <= 0) return { outOfServiceTo: 'The end must be after the start' };
  if (lasts > OUT_OF_SERVICE_MAX_DAYS * 86_400_000) {
    return { outOfServiceTo: `Out of service for at most ${OUT_OF_SERVICE_MAX_DAYS} days` };
  }
  return {};
}

/**
 * Checked before any call: the date, the sensor a re-zero or replacement names, the note, and the
 * out-of-service window (both ends or neither, the end after the start, at most 31 days).
 */
export function validateMaintenanceForm(
  values: MaintenanceFormValues,
  today: string,
): FieldErrors<string> {
  const errors: FieldErrors<string> = {};
  const date = values.occurredOn ?? '';
  if (!isCalendarDate(date)) errors.occurredOn = 'Date is required';
  else if (date > today) errors.occurredOn = 'Date must not be after today';
  const kind = values.kind ?? '';
  if (!isMaintenanceKind(kind)) errors.kind = 'Choose the kind of maintenance';
  if (SENSOR_KINDS.some((k) => k === kind) && !values.sensor) {
    errors.sensor = 'Choose the sensor that was re-zeroed or replaced';
  }
  if (longerThan(values.note, MAINTENANCE_NOTE_MAX)) {
    errors.note = `Note must be at most ${MAINTENANCE_NOTE_MAX} characters`;
  }
  return { ...errors, ...outOfServiceErrors(values) };
}
