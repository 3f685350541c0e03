/**
 * Control characters have no business in a name, an address or a query, and PostgreSQL refuses
 * NUL in text outright (a 500 before this check). Free text in a body may keep tab and line
 * breaks; path and query values may not.
 */
/* eslint-disable no-control-regex -- finding control characters is the point */
const IN_BODY = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const IN_URL = /[\u0000-\u001F\u007F-\u009F]/;
/* eslint-enable no-control-regex */

export type Part = 'body' | 'querystring' | 'params';

/**
 * The first string under `value` holding a control character, as `part/field/0` (the way
 * Fastify names fields in its validation messages); null when there is none. Walks with its
 * own stack, so a deeply nested body cannot overflow the call stack.
 */
export function fieldWithControlCharacter(value: unknown, part: Part): string | null {
  const pattern = part === 'body' ? IN_BODY : IN_URL;
  const pending: [unknown, string][] = [[value, part]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [current, path] = next;
    if (typeof current === 'string') {
      if (pattern.test(current)) return path;
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, child] of Object.entries(current)) pending.push([child, `${path}/${key}`]);
    }
  }
  return null;
}
