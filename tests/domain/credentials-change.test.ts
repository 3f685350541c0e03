import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_UPDATE_FAILED,
  CURRENT_PASSWORD_REQUIRED,
  NOTHING_TO_CHANGE,
  credentialsChangeBody,
  credentialsErrorFromServer,
  validateCredentialsChange,
} from '../../domain/credentials-change';

const CURRENT = 'ada@example.test';
const fields = (change: Partial<{ email: string; password: string; currentPassword: string }>) => ({
  email: '',
  password: '',
  currentPassword: 'old-secret-1',
  ...change,
});

describe('changing the email or password (issue 13)', () => {
  it.each([
    [{ email: 'new@example.test' }, {}],
    [{ password: 'new-secret-22' }, {}],
    [{}, { form: NOTHING_TO_CHANGE }],
    [{ email: ` ${CURRENT} ` }, { form: NOTHING_TO_CHANGE }],
    [{ email: 'nope' }, { email: 'Please enter a valid email' }],
    [{ password: 'short' }, { password: 'Password must be at least 8 characters' }],
    [{ password: '         ' }, { password: 'Password cannot be only spaces' }],
    [
      { password: 'new-secret-22', currentPassword: '' },
      { currentPassword: CURRENT_PASSWORD_REQUIRED },
    ],
  ])('%j gives %j', (change, errors) => {
    expect(validateCredentialsChange(fields(change), CURRENT)).toEqual(errors);
  });

  it('sends only what changes, with the current password', () => {
    expect(credentialsChangeBody(fields({ email: ' new@example.test ' }), CURRENT)).toEqual({
      email: 'new@example.test',
      current_password: 'old-secret-1',
    });
    expect(
      credentialsChangeBody(fields({ email: CURRENT, password: ' a b c d ' }), CURRENT),
    ).toEqual({ password: ' a b c d ', current_password: 'old-secret-1' });
  });

  it.each([
    ['current_password: the current password is not correct', 'currentPassword'],
    ['email: a user with this email already exists', 'email'],
    ['password: must not be only spaces', 'password'],
    ['Too many failed sign-in attempts; try again in 15 minutes', 'form'],
  ])('shows the server detail %j on %s', (detail, field) => {
    expect(credentialsErrorFromServer(detail)).toEqual({ [field]: detail });
  });

  it('has a text of its own when the server gives no detail', () => {
    expect(credentialsErrorFromServer(undefined)).toEqual({ form: ACCOUNT_UPDATE_FAILED });
  });
});
