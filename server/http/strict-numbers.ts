/**
 * Path and query values are text that the validator coerces to numbers with `Number`, which
 * reads `Infinity`, `1e309` (Infinity too), `0x10` (16) and `1e1` (10). Such a value reached the
 * handlers as a number the contract's bounds did not stop (a 500), or named another object than
 * the one written (issue 37, finding 9). Numbers are therefore checked as text first: an integer
 * is decimal digits, a number a finite decimal.
 */
import type { FastifySchema } from 'fastify';

type NumberKind = 'integer' | 'number';
type TextPart = 'params' | 'querystring';

interface PropertySchema {
  type?: string | string[];
  items?: PropertySchema;
}

const DECIMAL_INTEGER = /^[+-]?\d{1,20}$/;
const DECIMAL_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function kindOf(schema: PropertySchema | undefined): NumberKind | null {
  if (!schema) return null;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string')) return null;
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  if (types.includes('array')) return kindOf(schema.items);
  return null;
}

/** The numeric fields of one part of a route's schema, by name. */
function numericFields(schema: unknown): Map<string, NumberKind> {
  const fields = new Map<string, NumberKind>();
  const properties = (schema as { properties?: Record<string, PropertySchema> } | undefined)
    ?.properties;
  for (const [name, property] of Object.entries(properties ?? {})) {
    const kind = kindOf(property);
    if (kind) fields.set(name, kind);
  }
  return fields;
}

function isStrictNumber(text: string, kind: NumberKind): boolean {
  if (kind === 'integer') return DECIMAL_INTEGER.test(text);
  return DECIMAL_NUMBER.test(text) && Number.isFinite(Number(text));
}

/**
 * What is wrong with the first numeric path or query value of `values` that is not written as
 * the contract's type, naming it as Fastify names fields (`querystring/page`); null when all are.
 */
export type StrictNumberCheck = (values: Record<TextPart, unknown>) => string | null;

/** The check for one route, from its schema (null when the route takes no numbers as text). */
export function strictNumberCheck(schema: FastifySchema | undefined): StrictNumberCheck | null {
  const parts: [TextPart, Map<string, NumberKind>][] = [
    ['params', numericFields(schema?.params)],
    ['querystring', numericFields(schema?.querystring)],
  ];
  if (parts.every(([, fields]) => fields.size === 0)) return null;
  return (values) => {
    for (const [part, fields] of parts) {
      const given = (values[part] ?? {}) as Record<string, unknown>;
      for (const [name, kind] of fields) {
        const value = given[name];
        const texts = Array.isArray(value) ? value : [value];
        for (const text of texts) {
          if (typeof text !== 'string' || isStrictNumber(text, kind)) continue;
          return kind === 'integer'
            ? `${part}/${name} must be an integer written in decimal digits`
            : `${part}/${name} must be a finite number written in decimal`;
        }
      }
    }
    return null;
  };
}
