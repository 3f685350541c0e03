import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_UPDATE_FAILED,
  CURRENT_PASSWORD_REQUIRED,
  NOTHING_TO_CHANGE,
  PASSWORDS_DIFFER,
  credentialsChangeBody,
  credentialsErrorFromServer,
  validateCredentialsChange,
} from '../../domain/credentials-change';

const CURRENT = 'ada@example.test';
type Change = Partial<{ email: string; password: string; currentPassword: string }>;
/** The form as filled in: the new password confirmed as typed unless the change says otherwise. */
const fields = (change: Change & { confirmPassword?: string }) => ({
  email: '',
  currentPassword: 'old-secret-1',
  ...change,
  password: change.password ?? '',
  confirmPassword: change.confirmPassword ?? change.password ?? '',
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
    [
      { password: 'new-secret-22', confirmPassword: 'new-secret-2' },
      { confirmPassword: PASSWORDS_DIFFER },
    ],
    [
      { email: 'new@example.test', confirmPassword: 'stray' },
      { confirmPassword: PASSWORDS_DIFFER },
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
    [
      'current_password: the current password is not correct',
      { currentPassword: 'The current password is not correct' },
    ],
    [
      'current_password: required to change your own password or email',
      { currentPassword: 'Current password is required to change your own password or email' },
    ],
    [
      'current_password: this field is required',
      { currentPassword: 'Current password is required' },
    ],
    [
      'email: a user with this email already exists',
      { email: 'A user with this email already exists' },
    ],
    ['password: must not be only spaces', { password: 'Password must not be only spaces' }],
    [
      'Too many failed sign-in attempts; try again in 15 minutes',
      { form: 'Too many failed sign-in attempts; try again in 15 minutes' },
    ],
  ])('shows the server detail %j to a person as %j, without a field name', (detail, shown) => {
    expect(credentialsErrorFromServer(detail)).toEqual(shown);
  });

  it('has a text of its own when the server gives no detail', () => {
    expect(credentialsErrorFromServer(undefined)).toEqual({ form: ACCOUNT_UPDATE_FAILED });
  });
});
