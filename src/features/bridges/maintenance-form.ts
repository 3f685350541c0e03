import { type FieldErrors, isCalendarDate, longerThan } from '../../../domain/form-rules';
import {
  MAINTENANCE_KINDS,
  MAINTENANCE_NOTE_MAX,
  type MaintenanceKind,
  SENSOR_KINDS,
} from '../../../domain/maintenance';

export type MaintenanceFormValues = Record<string, string>;

export const isMaintenanceKind = (value: string): value is MaintenanceKind =>
  (MAINTENANCE_KINDS as readonly string[]).includes(value);

/** Checked before any call: the date, the sensor a re-zero or replacement names, the note. */
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
  return errors;
}
