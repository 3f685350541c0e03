import type { RefObject } from 'react';
import { flushSync } from 'react-dom';

/**
 * Carries out a form machine's `focusField`: focus goes to the refused field once its message
 * is drawn, so a keyboard or screen-reader user lands on it and hears why (aria-describedby).
 * The machine asks before React has drawn its new state, hence the microtask that draws it first.
 */
export function focusField(form: RefObject<HTMLFormElement | null>, name: string): void {
  queueMicrotask(() => {
    flushSync(() => undefined);
    const field = form.current?.elements.namedItem(name);
    if (field instanceof HTMLElement) field.focus();
  });
}
