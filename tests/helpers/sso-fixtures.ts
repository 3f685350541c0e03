import { createHash, randomBytes } from 'node:crypto';
import { TEST_CLIENT } from './oidc-test-provider.ts';
import type { TestContext } from './test-app.ts';

/** The email domain the fixtures' company signs in with. */
export const SSO_DOMAIN = 'sso.example';

/**
 * Enabled single sign-on for the company of `userId`, through the provider at `issuer`, its
 * domain marked verified as platform staff's review would (decision 071).
 */
export async function ssoForCompanyOf(t: TestContext, userId: number, issuer: string) {
  const user = await t.services.users.findById(userId);
  if (!user) throw new Error(`user ${userId} missing`);
  await t.services.companySso.save(user.companyId, {
    enabled: true,
    issuer,
    clientId: TEST_CLIENT.id,
    clientSecretSealed: t.services.secretBox.seal(TEST_CLIENT.secret),
    emailDomains: [SSO_DOMAIN],
  });
  await t.services.companySso.markVerified(user.companyId, SSO_DOMAIN, 'review', null);
  return user.companyId;
}

/** A finished single sign-on of `userId` and the one-time code that hands its session over. */
export async function ssoHandoffFor(t: TestContext, userId: number): Promise<string> {
  const user = await t.services.users.findById(userId);
  if (!user) throw new Error(`user ${userId} missing`);
  const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
  const state = randomBytes(16).toString('base64url');
  const { ssoLogins } = t.services;
  await ssoLogins.begin({
    stateHash: sha256(state),
    nonce: 'n',
    codeVerifier: 'v',
    companyId: user.companyId,
  });
  const pending = await ssoLogins.claim(sha256(state));
  if (!pending) throw new Error('sign-in not claimed');
  const code = randomBytes(16).toString('base64url');
  await ssoLogins.complete(pending.id, userId, sha256(code));
  return code;
}
