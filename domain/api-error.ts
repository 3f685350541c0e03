/**
 * The SPA's one failure type (issue 17). 'http': the server answered, not with success;
 * 'network': no answer at all; 'invalid-response': an answer without what the contract promises.
 */
export type ApiErrorKind = 'http' | 'network' | 'invalid-response';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  status?: number;
  /** The parsed answer body, when there was one. */
  body?: unknown;
  /** Shown when the answer carries no detail of its own. */
  message?: string;
  cause?: unknown;
}

// The API's `field: reason` form (the contract's Error schema: "naming the field when one is at
// fault"), e.g. 'email: a user with this email already exists' or 'intervals.routine: ...'.
const FIELD_DETAIL = /^([a-z_][\w.]*):\s*(.+)$/is;

function textField(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null || !(name in body)) return undefined;
  const value: unknown = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** The HTTP status; undefined when no answer came. */
  readonly status: number | undefined;
  readonly body: unknown;
  /** The server's `{ detail }`, when it sent one. */
  readonly detail: string | undefined;
  /** The field the detail names, when it names one. */
  readonly field: string | undefined;
  /** The detail without its field prefix (the whole detail when none is named). */
  readonly reason: string | undefined;

  constructor({ kind, status, body, message, cause }: ApiErrorInit) {
    const detail = textField(body, 'detail');
    super(detail ?? message ?? defaultMessage(kind, status), { cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.body = body;
    this.detail = detail;
    const named = FIELD_DETAIL.exec(detail ?? '');
    this.field = named?.[1];
    this.reason = named?.[2]?.trim() ?? detail;
  }

  /** The same failure, told as `text` when the server gave no detail of its own. */
  describedAs(text: string): ApiError {
    const { kind, status, body, cause } = this;
    return new ApiError({ kind, status, body, cause, message: text });
  }

  /** A text field of the answer body other than `detail` (the login's `message`, spec §8). */
  bodyText(name: string): string | undefined {
    return textField(this.body, name);
  }
}

function defaultMessage(kind: ApiErrorKind, status: number | undefined): string {
  if (kind === 'network') return 'The server could not be reached';
  if (kind === 'invalid-response') return 'The server answered in an unexpected form';
  return `The server answered ${String(status)}`;
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The server's detail when the failure is its refusal, else the caller's text. */
export function apiErrorText(error: unknown, fallback: string): string {
  return (isApiError(error) && error.detail) || fallback;
}

/** True when the server answered with this status. */
export const hasStatus = (error: unknown, status: number): boolean =>
  isApiError(error) && error.status === status;

/**
 * Past the error middleware only successes reach a caller; one that lacks the body its
 * contract promises is an invalid response.
 */
export function requireData<T>(data: T | undefined, message?: string): T {
  if (data === undefined) throw new ApiError({ kind: 'invalid-response', message });
  return data;
}

/**
 * The form field a refusal names, when it is one of `fields`, with its reason as a sentence
 * ("Must be at least 0"); undefined for a refusal of the whole form.
 */
export function fieldRefusalOf<F extends string>(
  error: unknown,
  fields: readonly F[],
): { field: F; message: string } | undefined {
  if (!isApiError(error) || !error.field || !error.reason) return undefined;
  const field = fields.find((name) => name === error.field);
  const reason = error.reason;
  return field && { field, message: reason.charAt(0).toUpperCase() + reason.slice(1) };
}
