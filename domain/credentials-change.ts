import { INVALID_EMAIL, isValidEmail } from './login-validation';
import { newPasswordProblem } from './password-rules';

// Issue 13: Settings changes the email or password only with the current password. The spec's
// own texts (§5) are reused for the email and the password; these are ours.
export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
export const NOTHING_TO_CHANGE = 'Enter a new email or a new password';
export const ACCOUNT_UPDATED = 'Account updated successfully';
export const ACCOUNT_UPDATE_FAILED = 'Your account could not be updated. Please try again.';

export interface CredentialsFields {
  email: string;
  password: string;
  currentPassword: string;
}

/** Field errors, and `form` for what belongs to no single field. */
export type CredentialsErrors = Partial<Record<keyof CredentialsFields | 'form', string>>;

export const EMPTY_CREDENTIALS: CredentialsFields = {
  email: '',
  password: '',
  currentPassword: '',
};

/** What is sent to PUT /users/{id}/update: only what changes, with the current password. */
export function credentialsChangeBody(fields: CredentialsFields, currentEmail: string) {
  const email = fields.email.trim();
  return {
    ...(email !== '' && email !== currentEmail ? { email } : {}),
    ...(fields.password !== '' ? { password: fields.password } : {}),
    current_password: fields.currentPassword,
  };
}

export function validateCredentialsChange(
  fields: CredentialsFields,
  currentEmail: string,
): CredentialsErrors {
  const body = credentialsChangeBody(fields, currentEmail);
  const errors: CredentialsErrors = {};
  if (body.email === undefined && body.password === undefined) {
    errors.form = NOTHING_TO_CHANGE;
    return errors;
  }
  if (body.email !== undefined && !isValidEmail(body.email)) errors.email = INVALID_EMAIL;
  if (body.password !== undefined) {
    const problem = newPasswordProblem(body.password);
    if (problem) errors.password = problem;
  }
  if (fields.currentPassword === '') errors.currentPassword = CURRENT_PASSWORD_REQUIRED;
  return errors;
}

const SERVER_FIELDS: [prefix: string, field: keyof CredentialsFields][] = [
  ['current_password:', 'currentPassword'],
  ['email:', 'email'],
  ['password:', 'password'],
];

/** The server names the field first in its detail (`current_password: ...`); show it there. */
export function credentialsErrorFromServer(detail: string | undefined): CredentialsErrors {
  if (!detail) return { form: ACCOUNT_UPDATE_FAILED };
  const match = SERVER_FIELDS.find(([prefix]) => detail.startsWith(prefix));
  return match ? { [match[1]]: detail } : { form: detail };
}
