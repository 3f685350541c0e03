import type { UserEvent } from '@testing-library/user-event';

/**
 * Types into a field by pasting: the same input events a user causes, without one round of
 * events per key, which keeps these tests quick on a busy machine.
 */
export async function fill(user: UserEvent, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}
