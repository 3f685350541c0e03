/**
 * The field a refused form sends focus to: the first, in the form's order, with a message, so a
 * keyboard or screen-reader user lands on it and hears why.
 */
export function firstFieldInError<F extends string>(
  order: readonly F[],
  errors: Partial<Record<F, string | undefined>>,
): F | undefined {
  return order.find((field) => Boolean(errors[field]));
}
