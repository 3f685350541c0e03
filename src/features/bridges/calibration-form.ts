import type { CalibrationInput } from '../../api/queries/calibrations';
import { inRange, isBlank, isCalendarDate } from '../../../domain/form-rules';

export const EMPTY_CALIBRATION_FORM = {
  calibratedOn: '',
  calibratedBy: '',
  certificate: '',
  gaugeFactor: '',
  sensitivity: '',
  offset: '',
  nextDue: '',
};
export type CalibrationForm = typeof EMPTY_CALIBRATION_FORM;
type Errors = Partial<Record<keyof CalibrationForm, string>>;

// The contract's bounds, checked here first so the field at fault is named before any call.
const FACTORS = [
  ['gaugeFactor', 'Gauge factor', 0, 100],
  ['sensitivity', 'Sensitivity', -1_000_000, 1_000_000],
  ['offset', 'Offset', -1_000_000_000, 1_000_000_000],
] as const;

export function validateCalibrationForm(form: CalibrationForm): Errors {
  const errors: Errors = {};
  if (!isCalendarDate(form.calibratedOn)) errors.calibratedOn = 'Calibration date is required';
  const by = form.calibratedBy.trim();
  if (by === '') errors.calibratedBy = 'Calibrated by is required';
  else if (by.length > 200) errors.calibratedBy = 'Calibrated by must be at most 200 characters';
  if (form.certificate.trim().length > 200) {
    errors.certificate = 'Certificate must be at most 200 characters';
  }
  for (const [key, label, min, max] of FACTORS) {
    if (!isBlank(form[key]) && !inRange(form[key], min, max)) {
      errors[key] = `${label} must be a number between ${min} and ${max}`;
    }
  }
  if (form.nextDue !== '' && !isCalendarDate(form.nextDue))
    errors.nextDue = 'Next due must be a date';
  else if (form.nextDue !== '' && !errors.calibratedOn && form.nextDue <= form.calibratedOn) {
    errors.nextDue = 'Next due must be after the calibration date';
  }
  return errors;
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

export function calibrationBody(form: CalibrationForm): CalibrationInput {
  return {
    calibrated_on: form.calibratedOn,
    calibrated_by: form.calibratedBy.trim(),
    certificate: form.certificate.trim() || null,
    gauge_factor: numberOrNull(form.gaugeFactor),
    sensitivity: numberOrNull(form.sensitivity),
    offset: numberOrNull(form.offset),
    next_due: form.nextDue || null,
  };
}
