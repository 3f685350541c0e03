import { type ApiError, isApiError } from './api-error';
import { SIGNUP_ERROR, SIGNUP_FAILED, SIGN_IN_FAILED, UNEXPECTED_ERROR } from './messages';
import { SIGNUP_FIELD_NAMES, type SignupErrors, type SignupFieldName } from './signup-validation';

// The pure machines tell "the server said no" (spec §8: show its detail) from "no answer".
const serverRefusal = (error: unknown): error is ApiError =>
  isApiError(error) && error.kind !== 'network';

/** Spec §8, login: the server's detail, else its message, else a generic text. */
export function loginFailureMessage(error: unknown): string {
  if (!serverRefusal(error)) return UNEXPECTED_ERROR;
  return error.detail ?? error.bodyText('message') ?? SIGN_IN_FAILED;
}

/**
 * Spec §8, sign-up: an answer other than 200/201 shows the server's detail or 'Signup failed';
 * a request that throws (no answer) shows the generic sign-up error.
 */
export function signupFailureMessage(error: unknown): string {
  if (!serverRefusal(error)) return SIGNUP_ERROR;
  return error.detail ?? SIGNUP_FAILED;
}

/**
 * A refusal whose detail names a sign-up field ('email: a user with this email already
 * exists') belongs on that field too, as its inline message.
 */
export function signupFieldErrors(error: unknown): SignupErrors {
  if (!serverRefusal(error)) return {};
  const { field, reason } = error;
  if (!field || !reason || !isSignupField(field)) return {};
  return { [field]: reason.charAt(0).toUpperCase() + reason.slice(1) };
}

const isSignupField = (name: string): name is SignupFieldName =>
  (SIGNUP_FIELD_NAMES as readonly string[]).includes(name);
