import { PASSWORD_MIN_LENGTH } from '../../domain/login-validation.ts';
import { isBlankPassword } from '../../domain/password-rules.ts';
import { HttpError } from '../http-error.ts';
import { hasControlCharacter } from '../../domain/one-line-text.ts';

/** A required text field: trimmed, and refused when only white space is left. */
export function requiredText(value: string, field: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw new HttpError(400, `${field}: this field is required`);
  return trimmed;
}

/**
 * A required one-line text field: the request guard lets tabs and line breaks through in a body
 * (a message may hold them), so a name-like field refuses them here.
 */
export function oneLineText(value: string, field: string): string {
  const text = requiredText(value, field);
  if (hasControlCharacter(text)) {
    throw new HttpError(400, `${field}: must not contain control characters`);
  }
  return text;
}

/** An optional text field: trimmed, with blank stored as null. */
export function optionalText(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** A password being set: kept as typed (spaces count), but never only spaces (issue 13). */
export function newPassword(value: string, field = 'password'): string {
  if (value.length < PASSWORD_MIN_LENGTH) {
    throw new HttpError(400, `${field}: must be at least ${PASSWORD_MIN_LENGTH} characters`);
  }
  if (isBlankPassword(value)) throw new HttpError(400, `${field}: must not be only spaces`);
  return value;
}
