import { describe, expect, it } from 'vitest';
import { compiledSerializer, compiledValidator } from '../../../server/http/schema-compilers.ts';

const countSchema = { type: 'object', properties: { count: { type: 'integer' } } };

describe('schema compilers shared by the apps of one process', () => {
  it('compiles a schema once however many apps ask for it, by content', () => {
    const first = compiledValidator('body', countSchema);
    expect(compiledValidator('body', structuredClone(countSchema))).toBe(first);
    expect(compiledSerializer(countSchema)).toBe(compiledSerializer(structuredClone(countSchema)));
  });

  it('keeps a body as sent and coerces path and query text', () => {
    expect(compiledValidator('body', countSchema)({ count: '7' })).toBe(false);
    const query = { count: '7' };
    expect(compiledValidator('text', countSchema)(query)).toBe(true);
    expect(query).toEqual({ count: 7 });
  });

  it('serializes only what the response schema names', () => {
    expect(compiledSerializer(countSchema)({ count: 3, secret: 'x' })).toBe('{"count":3}');
  });
});
