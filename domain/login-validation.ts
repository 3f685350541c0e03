// Spec §5: the sign-in form is checked before any call is made.
export const PASSWORD_MIN_LENGTH = 8;

export const INVALID_EMAIL = 'Please enter a valid email';
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;

// text, @, text, dot, text — deliberately loose; the server has the final word.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface LoginFields {
  email: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginFields, string>>;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email);
}

/** What is sent: spaces around an email are a typing slip; in a password they count. */
export function normalizeLogin({ email, password }: LoginFields): LoginFields {
  return { email: email.trim(), password };
}

export function validateLogin(fields: LoginFields): LoginErrors {
  const { email, password } = normalizeLogin(fields);
  const errors: LoginErrors = {};
  if (!isValidEmail(email)) errors.email = INVALID_EMAIL;
  if (password.length < PASSWORD_MIN_LENGTH) errors.password = PASSWORD_TOO_SHORT;
  return errors;
}
