import { describe, expect, it } from 'vitest';
import { inForceAt } from '../../../server/analysis/version-in-force.ts';

const at = (iso: string | null) => (iso === null ? null : new Date(iso));

// Decision 021 (b): the version a past instant's report compares with.
describe('the reference version in force at an instant', () => {
  const versions = [
    { version: 3, acceptedAt: at(null) }, // proposed, or rejected: never in force
    { version: 2, acceptedAt: at('2026-05-10T00:00:00Z') },
    { version: 1, acceptedAt: at('2026-03-31T12:00:00Z') },
  ];

  it('is the last accepted at or before the instant', () => {
    expect(inForceAt(versions, new Date('2026-05-01T00:00:00Z'))?.version).toBe(1);
    expect(inForceAt(versions, new Date('2026-05-10T00:00:00Z'))?.version).toBe(2);
    expect(inForceAt(versions, new Date('2026-12-01T00:00:00Z'))?.version).toBe(2);
  });

  it('is none before the first was accepted', () => {
    expect(inForceAt(versions, new Date('2026-03-01T00:00:00Z'))).toBeUndefined();
    expect(inForceAt([], new Date())).toBeUndefined();
  });
});
