import { INVALID_EMAIL, isValidEmail } from './login-validation';
import { newPasswordProblem } from './password-rules';

// Spec §5 and §9: checked before submit; the request is sent only if every rule passes.
export const USERNAME_MIN_LENGTH = 3;

export const USERNAME_TOO_SHORT = `Username must be at least ${USERNAME_MIN_LENGTH} characters`;
export const COMPANY_REQUIRED = 'Company is required';
export const ADDRESS_REQUIRED = 'Address is required';

export const SIGNUP_FIELD_NAMES = ['username', 'email', 'password', 'company', 'address'] as const;
export type SignupFieldName = (typeof SIGNUP_FIELD_NAMES)[number];

export type SignupFields = Record<SignupFieldName, string>;
export type SignupErrors = Partial<Record<SignupFieldName, string>>;

export const EMPTY_SIGNUP_FIELDS: SignupFields = {
  username: '',
  email: '',
  password: '',
  company: '',
  address: '',
};

/** What is sent: surrounding spaces are typing slips, except in a password where they count. */
export function normalizeSignup(fields: SignupFields): SignupFields {
  return {
    username: fields.username.trim(),
    email: fields.email.trim(),
    password: fields.password,
    company: fields.company.trim(),
    address: fields.address.trim(),
  };
}

export function validateSignup(fields: SignupFields): SignupErrors {
  const { username, email, password, company, address } = normalizeSignup(fields);
  const errors: SignupErrors = {};
  // An empty username is also too short: spec §5 gives one message for both.
  if (username.length < USERNAME_MIN_LENGTH) errors.username = USERNAME_TOO_SHORT;
  if (!isValidEmail(email)) errors.email = INVALID_EMAIL;
  const passwordProblem = newPasswordProblem(password);
  if (passwordProblem) errors.password = passwordProblem;
  if (company === '') errors.company = COMPANY_REQUIRED;
  if (address === '') errors.address = ADDRESS_REQUIRED;
  return errors;
}

export function hasErrors(errors: Partial<Record<string, string>>): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}
