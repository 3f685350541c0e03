// The checks the SPA's forms outside the spec's machines share (issue 17); each form's own pure
// module says which field needs which rule, in its own words, so the rules are tested without
// rendering and read the same on every form.

export type FieldErrors<Field extends PropertyKey> = Partial<Record<Field, string>>;

export const isBlank = (text: string | undefined): boolean => (text ?? '').trim() === '';

/** A typed number, or null when the text is empty or not a number. */
export function parseDecimal(text: string): number | null {
  if (isBlank(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** The text is a number within [min, max]. */
export function inRange(text: string | undefined, min: number, max: number): boolean {
  const n = parseDecimal(text ?? '');
  return n !== null && n >= min && n <= max;
}

/** A calendar date as the date input gives it (YYYY-MM-DD). */
export const isCalendarDate = (text: string | undefined): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(text ?? '');

export const longerThan = (text: string | undefined, max: number): boolean =>
  (text ?? '').trim().length > max;

/** True when any field has a message: the form is not sent. */
export const hasErrors = (errors: object): boolean =>
  Object.values(errors).some((message) => message !== undefined);
