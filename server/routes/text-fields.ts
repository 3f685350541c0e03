import { HttpError } from '../http-error.ts';

/** A required text field: trimmed, and refused when only white space is left. */
export function requiredText(value: string, field: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw new HttpError(400, `${field}: this field is required`);
  return trimmed;
}

/** An optional text field: trimmed, with blank stored as null. */
export function optionalText(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
