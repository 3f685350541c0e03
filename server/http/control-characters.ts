/**
 * Control characters have no business in a name, an address or a query, and PostgreSQL refuses
 * NUL in text outright (a 500 before this check). Free text in a body may keep tab and line
 * breaks; path and query values may not.
 *
 * Bidirectional controls (the embeddings and overrides U+202A-U+202E, the isolates
 * U+2066-U+2069, and the marks U+200E/U+200F) are refused in every text the API takes (issue
 * 37, finding 15): a right-to-left override makes a bridge, sensor or user name display as
 * something else in the app, alerts, CSV exports and reports ("Trojan Source", CVE-2021-42574).
 * SpanWatch's texts are English and French, which never need them.
 */
/* eslint-disable no-control-regex -- finding control characters is the point */
const IN_BODY = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const IN_URL = /[\u0000-\u001F\u007F-\u009F]/;
/* eslint-enable no-control-regex */
const BIDI_CONTROL = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

export type Part = 'body' | 'querystring' | 'params';

export interface ForbiddenCharacter {
  /** The field as `part/field/0` (the way Fastify names fields in its validation messages). */
  field: string;
  /** What it holds, as the answer says it: "control characters". */
  what: string;
}

function forbiddenIn(text: string, part: Part): string | null {
  if ((part === 'body' ? IN_BODY : IN_URL).test(text)) return 'control characters';
  if (BIDI_CONTROL.test(text))
    return 'bidirectional-control characters (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F)';
  return null;
}

/**
 * The first string under `value` holding a control or bidirectional-control character; null
 * when there is none. Walks with its own stack, so a deeply nested body cannot overflow the
 * call stack.
 */
export function forbiddenCharacter(value: unknown, part: Part): ForbiddenCharacter | null {
  const pending: [unknown, string][] = [[value, part]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [current, path] = next;
    if (typeof current === 'string') {
      const what = forbiddenIn(current, part);
      if (what) return { field: path, what };
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, child] of Object.entries(current)) pending.push([child, `${path}/${key}`]);
    }
  }
  return null;
}
