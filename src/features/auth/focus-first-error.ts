/**
 * After a refused submit, focus goes to the first field in error, so a keyboard or screen-reader
 * user lands on it and hears its message (linked by aria-describedby).
 */
export function focusFirstError(form: HTMLFormElement, order: readonly string[], errors: object) {
  const failing = order.find((name) => Boolean((errors as Record<string, unknown>)[name]));
  if (!failing) return;
  const field = form.elements.namedItem(failing);
  if (field instanceof HTMLElement) field.focus();
}
