import { afterTheChange } from '../audit/audited-transaction.ts';
import { HttpError } from '../http-error.ts';
import type { RevokeReason } from '../repositories/sessions-repository.ts';
import type { UserRow } from '../repositories/users-repository.ts';
import { LOGIN_FAILURE_LIMIT } from '../repositories/login-failures-repository.ts';
import type { RouteServices } from '../plugins/route-services.ts';

export interface CredentialChange {
  stored: UserRow;
  /** The caller edits their own account (staff included). */
  ownAccount: boolean;
  /** The email asked for, trimmed; undefined when not sent. */
  newEmail: string | undefined;
  newPassword: boolean;
  currentPassword: string | undefined;
  /** The caller's address, for the sign-in throttle that also guards the current password. */
  ip: string;
}

/**
 * Issue 13: whoever holds a signed-in browser (or a stolen access token) must not be able to take
 * the account over. Changing one's own password or email needs the current password and ends
 * every other session; staff setting someone else's password ends all of that user's sessions.
 * Returns why sessions end, or null when none do.
 */
export async function checkCredentialChange(
  { passwords, loginFailures }: Pick<RouteServices, 'passwords' | 'loginFailures'>,
  change: CredentialChange,
): Promise<RevokeReason | null> {
  const { stored, ownAccount, newEmail, newPassword, currentPassword, ip } = change;
  const emailChanges = newEmail !== undefined && newEmail !== stored.email;
  if (!ownAccount) return newPassword ? 'password_reset' : null;
  if (!emailChanges && !newPassword) return null;
  if (!currentPassword) {
    throw new HttpError(400, 'current_password: required to change your own password or email');
  }
  // Wrong current passwords count as failed sign-ins, so they cannot be guessed without limit.
  if ((await loginFailures.recent(stored.email, ip)) >= LOGIN_FAILURE_LIMIT) {
    throw new HttpError(429, 'Too many failed sign-in attempts; try again in 15 minutes');
  }
  if (!(await passwords.verify(currentPassword, stored.passwordHash))) {
    await afterTheChange(() => loginFailures.record(stored.email, ip));
    throw new HttpError(403, 'current_password: the current password is not correct');
  }
  return newPassword ? 'password_change' : 'email_change';
}
