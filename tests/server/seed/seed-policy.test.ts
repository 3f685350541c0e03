import { describe, expect, it } from 'vitest';
import { demoSeedAllowed } from '../../../server/seed/seed-policy.ts';

describe('demoSeedAllowed', () => {
  it.each([
    [false, [], true],
    [false, ['--demo'], true],
    [true, [], false],
    [true, ['node', 'server/main.ts', '--demo'], true],
  ])('production=%s argv=%j seeds: %s', (production, argv, expected) => {
    expect(demoSeedAllowed({ production }, argv)).toBe(expected);
  });
});
