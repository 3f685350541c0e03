import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fastJsonStringify from 'fast-json-stringify';

/**
 * JSON bodies are validated as sent; path and query values arrive as text and are coerced
 * ('7' -> 7, 'true' -> true). openapi-glue reuses `$id`s across routes, hence addUsedSchema:
 * false. An ingest item's schema names its fields without requiring an object, so that one item
 * that is not an object is rejected alone by the handler: strictTypes would warn of that on every
 * start.
 */
const options = {
  useDefaults: true,
  removeAdditional: true,
  addUsedSchema: false,
  allErrors: false,
  strictTypes: false,
} as const;

export type ValidatedPart = 'body' | 'text';

const compilers: Record<ValidatedPart, Ajv> = {
  body: addFormats(new Ajv({ ...options, coerceTypes: false })),
  text: addFormats(new Ajv({ ...options, coerceTypes: 'array' })),
};

/** Compiled once per process and schema, by content: an app built again (a test file's, a
 * worker's) reuses the validators instead of compiling the contract's ~300 schemas anew. A
 * validator keeps no state between calls beyond its `errors`, which Fastify reads at once. */
const compiled: Record<ValidatedPart, Map<string, ValidateFunction>> = {
  body: new Map(),
  text: new Map(),
};

export function compiledValidator(part: ValidatedPart, schema: object): ValidateFunction {
  const key = JSON.stringify(schema);
  const known = compiled[part].get(key);
  if (known) return known;
  const validate = compilers[part].compile(schema);
  compiled[part].set(key, validate);
  return validate;
}

type Serializer = (data: unknown) => string;

const serializers = new Map<string, Serializer>();

/** A response schema's serializer, compiled once per process and schema like the validators:
 * fast-json-stringify's compilation was most of an app's start (decision 033). */
export function compiledSerializer(schema: object): Serializer {
  const key = JSON.stringify(schema);
  const known = serializers.get(key);
  if (known) return known;
  const serialize: Serializer = fastJsonStringify(schema);
  serializers.set(key, serialize);
  return serialize;
}
