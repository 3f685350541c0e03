import { describe, expect, it } from 'vitest';
import { checkIngestTokenForm } from '../../../../src/features/operations/ingest-token-form';

describe('the ingest token form check', () => {
  it.each([
    ['', { name: 'Token name is required' }],
    ['   ', { name: 'Token name is required' }],
    ['west gateway', {}],
    ['x'.repeat(100), {}],
    ['x'.repeat(101), { name: 'At most 100 characters' }],
  ])('%j', (name, errors) => {
    expect(checkIngestTokenForm({ name })).toEqual(errors);
  });
});
