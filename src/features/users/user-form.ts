import type { components } from '../../../openapi/schema';
import { isValidEmail } from '../../../domain/login-validation';
import { newPasswordProblem } from '../../../domain/password-rules';

type User = components['schemas']['User'];

// A type alias (not an interface) so it fits useFormFields' Record constraint.
export type UserFormValues = {
  username: string;
  email: string;
  password: string;
  company: string;
  companyUsername: string;
  companyPassword: string;
  address: string;
};

export type UserFormErrors = Partial<Record<keyof UserFormValues, string>>;

// Spec §5 (user form) with the wording the sign-up form of spec §5 already uses.
export const USER_FORM_TEXT = {
  username: 'Username must be at least 3 characters',
  email: 'Please enter a valid email',
  password: 'Password must be at least 8 characters',
  company: 'Company is required',
  companyUsername: 'CompanyUsername is required',
  companyPassword: 'CompanyPassword is required',
  address: 'Address is required',
} as const;

export function emptyUserForm(user?: User): UserFormValues {
  return {
    username: user?.username ?? '',
    email: user?.email ?? '',
    password: '',
    company: user?.company ?? '',
    companyUsername: user?.companyUsername ?? '',
    // The stored company password is never sent to the browser; it can only be replaced.
    companyPassword: '',
    address: user?.address ?? '',
  };
}

/**
 * `editing` is the user being edited, if any. The password is asked only on create. The
 * company password is required unless one is already stored, in which case blank keeps it.
 */
export function validateUserForm(values: UserFormValues, editing?: User): UserFormErrors {
  const errors: UserFormErrors = {};
  if (values.username.trim().length < 3) errors.username = USER_FORM_TEXT.username;
  if (!isValidEmail(values.email.trim())) errors.email = USER_FORM_TEXT.email;
  const passwordProblem = editing ? undefined : newPasswordProblem(values.password);
  if (passwordProblem) errors.password = passwordProblem;
  if (!values.company.trim()) errors.company = USER_FORM_TEXT.company;
  if (!values.companyUsername.trim()) errors.companyUsername = USER_FORM_TEXT.companyUsername;
  const keepsStoredPassword = editing?.has_company_password === true;
  if (!keepsStoredPassword && !values.companyPassword) {
    errors.companyPassword = USER_FORM_TEXT.companyPassword;
  }
  if (!values.address.trim()) errors.address = USER_FORM_TEXT.address;
  return errors;
}

export function createUserBody(values: UserFormValues) {
  return {
    username: values.username.trim(),
    email: values.email.trim(),
    password: values.password,
    company: values.company.trim(),
    companyUsername: values.companyUsername.trim(),
    companyPassword: values.companyPassword,
    address: values.address.trim(),
  };
}

/** Spec §5: on edit, secrets are sent only when filled in. */
export function updateUserBody(values: UserFormValues) {
  return {
    username: values.username.trim(),
    email: values.email.trim(),
    company: values.company.trim(),
    companyUsername: values.companyUsername.trim(),
    address: values.address.trim(),
    ...(values.companyPassword ? { companyPassword: values.companyPassword } : {}),
  };
}
