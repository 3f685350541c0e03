import { describe, expect, it } from 'vitest';
import {
  INVALID_EMAIL,
  PASSWORD_TOO_SHORT,
  isValidEmail,
  normalizeLogin,
  validateLogin,
} from '../../domain/login-validation';

describe('login validation (spec §5)', () => {
  it.each([
    ['ada@example.com', true],
    ['a@b.c', true],
    ['ada@example', false],
    ['ada.example.com', false],
    ['ada @example.com', false],
    ['', false],
  ])('isValidEmail(%j) is %s', (email, expected) => {
    expect(isValidEmail(email)).toBe(expected);
  });

  it.each([
    [{ email: 'ada@example.com', password: '12345678' }, {}],
    [{ email: 'ada@example.com', password: '1234567' }, { password: PASSWORD_TOO_SHORT }],
    [{ email: 'nope', password: '12345678' }, { email: INVALID_EMAIL }],
    [{ email: '  ada@example.com ', password: '12345678' }, {}],
    [
      { email: '', password: '' },
      { email: INVALID_EMAIL, password: PASSWORD_TOO_SHORT },
    ],
  ])('validateLogin(%j) gives %j', (fields, errors) => {
    expect(validateLogin(fields)).toEqual(errors);
  });

  it('sends the email trimmed and the password as typed', () => {
    expect(normalizeLogin({ email: ' ada@example.com ', password: ' pw ' })).toEqual({
      email: 'ada@example.com',
      password: ' pw ',
    });
  });
});
