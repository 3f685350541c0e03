import { INVALID_EMAIL, isValidEmail } from './login-validation';
import { newPasswordProblem } from './password-rules';

// Issue 13: Settings changes the email or password only with the current password. The spec's
// own texts (§5) are reused for the email and the password; these are ours.
export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
export const NOTHING_TO_CHANGE = 'Enter a new email or a new password';
export const ACCOUNT_UPDATED = 'Account updated successfully';
export const ACCOUNT_UPDATE_FAILED = 'Your account could not be updated. Please try again.';
export const PASSWORDS_DIFFER = 'The passwords do not match';

export interface CredentialsFields {
  email: string;
  password: string;
  /** The new password typed again, so a slip of the finger does not lock the person out. */
  confirmPassword: string;
  currentPassword: string;
}

/** Field errors, and `form` for what belongs to no single field. */
export type CredentialsErrors = Partial<Record<keyof CredentialsFields | 'form', string>>;

export const EMPTY_CREDENTIALS: CredentialsFields = {
  email: '',
  password: '',
  confirmPassword: '',
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
  if (fields.confirmPassword !== fields.password) errors.confirmPassword = PASSWORDS_DIFFER;
  if (fields.currentPassword === '') errors.currentPassword = CURRENT_PASSWORD_REQUIRED;
  return errors;
}

/** The fields the server names first in its detail (`current_password: ...`), with their labels. */
const SERVER_FIELDS: [prefix: string, field: keyof CredentialsFields, label: string][] = [
  ['current_password:', 'currentPassword', 'Current password'],
  ['email:', 'email', 'Email'],
  ['password:', 'password', 'Password'],
];

/**
 * The server's reason as a sentence for a person, shown on the field it names: its field name
 * is dropped ("the current password is not correct" becomes "The current password is not
 * correct"), and a bare rule gets the field's label ("must not be only spaces" becomes
 * "Password must not be only spaces", "required to ..." "Current password is required to ...").
 */
function sentenceOf(reason: string, label: string): string {
  if (reason === 'this field is required') return `${label} is required`;
  if (reason.startsWith('required ')) return `${label} is ${reason}`;
  if (reason.startsWith('must ')) return `${label} ${reason}`;
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}

/** The server's refusal on the field it names, in words for a person; the rest above the form. */
export function credentialsErrorFromServer(detail: string | undefined): CredentialsErrors {
  if (!detail) return { form: ACCOUNT_UPDATE_FAILED };
  const match = SERVER_FIELDS.find(([prefix]) => detail.startsWith(prefix));
  if (!match) return { form: detail };
  const [prefix, field, label] = match;
  return { [field]: sentenceOf(detail.slice(prefix.length).trim(), label) };
}
