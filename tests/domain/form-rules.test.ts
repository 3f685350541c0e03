import { describe, expect, it } from 'vitest';
import {
  hasErrors,
  inRange,
  isBlank,
  isCalendarDate,
  longerThan,
  parseDecimal,
} from '../../domain/form-rules';

describe('shared form rules', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['12.5', 12.5],
    [' -3 ', -3],
    ['1e3', 1000],
    ['12abc', null],
    ['Infinity', null],
  ])('parseDecimal(%j) is %s', (text, expected) => {
    expect(parseDecimal(text)).toBe(expected);
  });

  it.each([
    ['0', true],
    ['100', true],
    ['100.01', false],
    ['-0.5', false],
    ['', false],
    [undefined, false],
  ])('inRange(%j, 0, 100) is %s', (text, expected) => {
    expect(inRange(text, 0, 100)).toBe(expected);
  });

  it('tells blank, dated and over-long text', () => {
    expect(isBlank(' \t')).toBe(true);
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank(' a ')).toBe(false);
    expect(isCalendarDate('2026-11-24')).toBe(true);
    expect(isCalendarDate('24/11/2026')).toBe(false);
    expect(longerThan(' abc ', 3)).toBe(false);
    expect(longerThan('abcd', 3)).toBe(true);
  });

  it('counts only fields that carry a message', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ name: undefined })).toBe(false);
    expect(hasErrors({ name: 'Name is required' })).toBe(true);
  });
});
