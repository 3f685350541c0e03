import { stdSerializers } from 'pino';

/**
 * What a failed statement carries that may hold secrets: its bound values (drizzle's `params`,
 * PGlite's `params` and `queryOptions`) and PostgreSQL's `detail` ("Failing row contains (...)",
 * "Key (email)=(...)"), which quotes the row, password hash and sealed secrets included.
 */
const SECRET_KEYS = new Set(['params', 'queryOptions', 'detail']);
const REDACTED = '[redacted]';
const MAX_DEPTH = 8;

/** drizzle's DrizzleQueryError puts the bound values in its message: `...\nparams: a,b,c`. */
function redactMessage(message: string): string {
  const at = message.indexOf('\nparams: ');
  return message.startsWith('Failed query: ') && at >= 0
    ? `${message.slice(0, at)}\nparams: ${REDACTED}`
    : message;
}

/**
 * A copy of the error, of the same class, with bound values and row details removed from it
 * and from its causes; the statement text (with $1 placeholders) stays, for debugging.
 */
export function redactError<T>(error: T, depth = 0): T {
  if (!(error instanceof Error) || depth > MAX_DEPTH) return error;
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error &
    Record<string, unknown>;
  const message = redactMessage(error.message);
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || key === 'message' || key === 'stack') continue;
    copy[key] = SECRET_KEYS.has(key) ? REDACTED : value;
  }
  copy.message = message;
  copy.stack = error.stack?.replace(error.message, message);
  if (error.cause !== undefined) copy.cause = redactError(error.cause, depth + 1);
  return copy as T;
}

/** The logger's `err` serializer: pino's own, on the redacted copy. */
export function safeErrorSerializer(error: Error): ReturnType<typeof stdSerializers.err> {
  return stdSerializers.err(redactError(error));
}
