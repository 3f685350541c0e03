import { describe, expect, it } from 'vitest';
import {
  ADDRESS_REQUIRED,
  COMPANY_REQUIRED,
  EMPTY_SIGNUP_FIELDS,
  USERNAME_TOO_SHORT,
  hasErrors,
  normalizeSignup,
  validateSignup,
} from '../../domain/signup-validation';

const VALID = {
  username: 'ada',
  email: 'ada@example.com',
  password: '12345678',
  company: 'Northern Spans Ltd',
  address: '1 Harbour Road',
};

describe('sign-up validation (spec §5)', () => {
  it('passes a complete form', () => {
    expect(validateSignup(VALID)).toEqual({});
  });

  it('gives every message of spec §5 for an empty form', () => {
    expect(validateSignup(EMPTY_SIGNUP_FIELDS)).toEqual({
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email',
      password: 'Password must be at least 8 characters',
      company: 'Company is required',
      address: 'Address is required',
    });
  });

  it.each([
    [{ username: 'ab' }, { username: USERNAME_TOO_SHORT }],
    [{ username: '  ab  ' }, { username: USERNAME_TOO_SHORT }],
    [{ username: 'abc' }, {}],
    [{ email: 'ada@example' }, { email: 'Please enter a valid email' }],
    [{ email: ' ada@example.com ' }, {}],
    [{ password: '1234567' }, { password: 'Password must be at least 8 characters' }],
    // Issue 13: a password of spaces only is refused, as the server does; spaces inside count.
    [{ password: '        ' }, { password: 'Password cannot be only spaces' }],
    [{ password: ' \t      ' }, { password: 'Password cannot be only spaces' }],
    [{ password: ' pass word ' }, {}],
    [{ company: '   ' }, { company: COMPANY_REQUIRED }],
    [{ address: '' }, { address: ADDRESS_REQUIRED }],
  ])('%j gives %j', (change, errors) => {
    expect(validateSignup({ ...VALID, ...change })).toEqual(errors);
  });

  it('trims what is sent, except the password', () => {
    expect(
      normalizeSignup({
        username: ' ada ',
        email: ' ada@example.com ',
        password: ' pass word ',
        company: ' N ',
        address: ' 1 Road ',
      }),
    ).toEqual({
      username: 'ada',
      email: 'ada@example.com',
      password: ' pass word ',
      company: 'N',
      address: '1 Road',
    });
  });

  it('tells whether any message is left', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ username: undefined })).toBe(false);
    expect(hasErrors({ username: USERNAME_TOO_SHORT })).toBe(true);
  });
});
