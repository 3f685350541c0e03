import fc from 'fast-check';
import { contract } from '../../server/contract.ts';

/** A JSON Schema of the contract, as far as the generators below read it. */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  format?: string;
}

/** Follows `#/components/...` references and merges `allOf`. */
export function resolve(schema: Schema): Schema {
  if (schema.$ref) {
    const target = schema.$ref
      .replace('#/', '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], contract);
    return resolve({ ...(target as Schema), ...{ ...schema, $ref: undefined } });
  }
  if (schema.allOf) {
    // Objects extended by allOf keep every part's properties and required keys.
    const merged = schema.allOf.map(resolve).reduce<Schema>(
      (a, b) => ({
        ...a,
        ...b,
        ...(a.properties || b.properties
          ? { properties: { ...a.properties, ...b.properties } }
          : {}),
        ...(a.required || b.required
          ? { required: [...(a.required ?? []), ...(b.required ?? [])] }
          : {}),
      }),
      {},
    );
    return { ...merged, ...{ ...schema, allOf: undefined } };
  }
  return schema;
}

const INT32 = 2 ** 31;

/** Boundary and hostile values of every kind: what a careless client or an attacker sends. */
const HOSTILE_NUMBERS = [0, -1, 1.5, INT32 - 1, INT32, -INT32 - 1, 2 ** 53, 1e308, -1e308, 1e-320];
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[31m',
  '\u007f',
  '\ud800',
  '😀',
  "'; DROP TABLE users; --",
  '0000-01-01',
  '2026-02-30',
  '0001-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '2147483648',
  '-1',
  'x'.repeat(5000),
];
const hostileScalar = fc.constantFrom<unknown>(
  null,
  true,
  [],
  {},
  ...HOSTILE_NUMBERS,
  ...HOSTILE_STRINGS,
);

/** Values a valid request could hold, kept small; ids point at the few fixture rows. */
function plausible(raw: Schema): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.oneOf) return fc.oneof(...schema.oneOf.map(plausible));
  const types = [schema.type ?? 'any'].flat();
  return fc.oneof(...types.map((type) => plausibleOfType(type, schema)));
}

function plausibleOfType(type: string, schema: Schema): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return schema.maximum === INT32 - 1
        ? fc.integer({ min: 1, max: 6 })
        : fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 1000, 1e6) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'string':
      return plausibleString(schema);
    case 'array':
      return fc.array(plausible(schema.items ?? {}), { maxLength: 4 });
    case 'object':
      return fc.record(
        Object.fromEntries(
          Object.entries(schema.properties ?? {}).map(([key, value]) => [key, anyValue(value)]),
        ),
        { requiredKeys: schema.required ?? [] },
      );
    default:
      return fc.oneof(fc.jsonValue({ maxDepth: 2 }), hostileScalar);
  }
}

function plausibleString(schema: Schema): fc.Arbitrary<string> {
  const dates = fc.date({
    min: new Date('1900-01-01'),
    max: new Date('2100-01-01'),
    noInvalidDate: true,
  });
  if (schema.format === 'date') return dates.map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return dates.map((d) => d.toISOString());
  if (schema.format === 'email') return fc.emailAddress();
  return fc.string({
    minLength: schema.minLength ?? 0,
    maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 40, 40)),
  });
}

/** Mostly plausible, sometimes hostile: one bad field among good ones finds the most bugs. */
export function anyValue(schema: Schema): fc.Arbitrary<unknown> {
  const { maxLength } = resolve(schema);
  const tooLong = fc.constant('y'.repeat((maxLength ?? 1000) + 1));
  return fc.oneof(
    { weight: 4, arbitrary: plausible(schema) },
    { weight: 2, arbitrary: hostileScalar },
    { weight: 1, arbitrary: tooLong },
  );
}

/** A path segment for an id: mostly the fixture rows, often malformed or out of range. */
export const pathId = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 6 }).map(String) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '0',
      '-1',
      '2147483647',
      '2147483648',
      '99999999999999999999',
      '1e3',
      '1.5',
      'abc',
      '%00',
      '1%0A',
      '%20',
      '0x10',
      'Infinity',
      '-Infinity',
      '1e309',
      'NaN',
    ),
  },
);

/** Texts `Number` reads as a number that no decimal spelling gives (issue 37, finding 9). */
const looseNumbers = fc.constantFrom('Infinity', '-Infinity', '1e309', '0x10', '1e1', ' 7', '0b1');

/** A query value: a plausible or hostile value of the schema, as text. */
export const queryValue = (schema: Schema) =>
  fc.oneof(
    {
      weight: 5,
      arbitrary: anyValue(schema).map((value) =>
        typeof value === 'string' ? value : JSON.stringify(value),
      ),
    },
    { weight: 1, arbitrary: looseNumbers },
  );

/** Content types: mostly the listed one, sometimes one the operation does not take. */
export const contentType = (listed: string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...listed) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'text/plain',
        'text/csv',
        'application/x-ndjson',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
        '',
      ),
    },
  );

/** Bodies that are not JSON documents of the schema's shape at all. */
export const brokenBody = fc.constantFrom('{', '[1,', 'null', '"text"', '[]', '{"a":1}{', '\u0000');
