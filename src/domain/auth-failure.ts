import { SIGNUP_ERROR, SIGNUP_FAILED, SIGN_IN_FAILED, UNEXPECTED_ERROR } from './messages';

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
