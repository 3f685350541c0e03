import { e164Of } from '../../../domain/phone';
import { quietHoursProblem } from '../../../domain/quiet-hours';

export interface QuietHoursValues {
  quiet: boolean;
  start: string;
  end: string;
  timeZone: string;
}

export type QuietField = 'start' | 'end' | 'timeZone';

/** The API names fields `quiet_hours.start`; the form's fields are start, end and timeZone. */
const FIELD_OF: Record<string, QuietField> = {
  'quiet_hours.start': 'start',
  'quiet_hours.end': 'end',
  'quiet_hours.time_zone': 'timeZone',
};

/** A `field: reason` detail as a sentence a person reads under the field. */
export function sentenceOf(detail: string): string {
  const reason = detail.replace(/^[\w.]+: /, '');
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}

/** The form field a server detail is about, or undefined when it concerns the whole form. */
export function quietFieldOf(detail: string): QuietField | undefined {
  return FIELD_OF[/^([\w.]+): /.exec(detail)?.[1] ?? ''];
}

/** The quiet hours' messages by field (the same rules the server applies, domain/quiet-hours.ts). */
export function quietHoursErrors(values: QuietHoursValues): Partial<Record<QuietField, string>> {
  if (!values.quiet) return {};
  const problem = quietHoursProblem({
    start: values.start,
    end: values.end,
    timeZone: values.timeZone,
  });
  const field = problem ? quietFieldOf(problem) : undefined;
  return problem && field ? { [field]: sentenceOf(problem) } : {};
}

export const PHONE_INVALID =
  'Enter an international number: + and the country code, e.g. +15195550123';
export const CODE_INVALID = 'Enter the 6 digits we texted you';

export function phoneError(typed: string): string | undefined {
  return e164Of(typed) === null ? PHONE_INVALID : undefined;
}

export function codeError(typed: string): string | undefined {
  return /^\d{6}$/.test(typed.replace(/\s/g, '')) ? undefined : CODE_INVALID;
}
