/** PostgreSQL's unique_violation, found on the driver error or on the cause drizzle wraps it in. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (typeof current === 'object' && current !== null && 'code' in current) {
      const { code } = current as { code?: unknown };
      if (code === '23505') {
        const constraint = (current as { constraint?: unknown }).constraint;
        return typeof constraint === 'string' ? constraint : '';
      }
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
