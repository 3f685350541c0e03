import { e164Of } from '../../domain/phone.ts';
import { HttpError } from '../http-error.ts';

/** The user's phone for alert SMS: null to remove it (an empty string), E.164 or a 400. */
export function phoneOf(typed: string): string | null {
  if (typed.trim() === '') return null;
  const phone = e164Of(typed);
  if (phone === null) {
    throw new HttpError(
      400,
      'phone: must be an international number in E.164 form, + and 8 to 15 digits (e.g. +15195550123)',
    );
  }
  return phone;
}
