import { SIGNUP_ERROR, SIGNUP_FAILED, SIGN_IN_FAILED, UNEXPECTED_ERROR } from './messages';
import { SIGNUP_FIELD_NAMES, type SignupErrors, type SignupFieldName } from './signup-validation';

/**
 * The server answered, but not with success. Thrown by the SPA's request wrappers so the pure
 * machines can tell "the server said no" (spec §8: show its detail) from "no answer at all".
 */
export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`The server answered ${status}`);
    this.name = 'HttpFailure';
  }
}

function textField(body: unknown, name: 'detail' | 'message'): string | undefined {
  if (typeof body !== 'object' || body === null || !(name in body)) return undefined;
  const value: unknown = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Spec §8, login: the server's detail, else its message, else a generic text. */
export function loginFailureMessage(error: unknown): string {
  if (!(error instanceof HttpFailure)) return UNEXPECTED_ERROR;
  return textField(error.body, 'detail') ?? textField(error.body, 'message') ?? SIGN_IN_FAILED;
}

/**
 * Spec §8, sign-up: an answer other than 200/201 shows the server's detail or 'Signup failed';
 * a request that throws (no answer) shows the generic sign-up error.
 */
export function signupFailureMessage(error: unknown): string {
  if (!(error instanceof HttpFailure)) return SIGNUP_ERROR;
  return textField(error.body, 'detail') ?? SIGNUP_FAILED;
}

/**
 * A refusal whose detail names a sign-up field ('email: a user with this email already
 * exists', the API's `field: reason` form) belongs on that field too, as its inline message.
 */
export function signupFieldErrors(error: unknown): SignupErrors {
  if (!(error instanceof HttpFailure)) return {};
  const match = /^(\w+):\s*(.+)$/s.exec(textField(error.body, 'detail') ?? '');
  const field = match?.[1];
  const reason = match?.[2]?.trim();
  if (!field || !reason || !isSignupField(field)) return {};
  return { [field]: reason.charAt(0).toUpperCase() + reason.slice(1) };
}

const isSignupField = (name: string): name is SignupFieldName =>
  (SIGNUP_FIELD_NAMES as readonly string[]).includes(name);
