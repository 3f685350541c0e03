import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from './login-validation';

// Issue 13: a password of spaces only is as good as none; the server refuses it too
// (server/routes/text-fields.ts). Spaces inside a real password still count.
export const PASSWORD_ONLY_SPACES = 'Password cannot be only spaces';

export function isBlankPassword(password: string): boolean {
  return password.trim() === '';
}

/** The message for a new password that breaks a rule (spec §5 length first), or undefined. */
export function newPasswordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (isBlankPassword(password)) return PASSWORD_ONLY_SPACES;
  return undefined;
}
