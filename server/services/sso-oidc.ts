import * as oidc from 'openid-client';
import { isLoopbackHttp } from './sso-issuer.ts';

/** What the server needs of a company's provider to sign someone in (decision 054). */
export interface SsoProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

/**
 * The provider's configuration, discovered from its issuer. openid-client refuses plain http;
 * it is allowed for a loopback issuer only, which the settings' validation is also limited to.
 */
function configure(provider: SsoProvider): Promise<oidc.Configuration> {
  const issuer = new URL(provider.issuer);
  return oidc.discovery(
    issuer,
    provider.clientId,
    undefined,
    oidc.ClientSecretBasic(provider.clientSecret),
    isLoopbackHttp(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
  );
}

/** The authorisation code request with PKCE (S256), `state` and `nonce`. */
export async function authorizationRequest(
  provider: SsoProvider,
  redirectUri: string,
): Promise<AuthorizationRequest> {
  const config = await configure(provider);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state, nonce, codeVerifier };
}

/**
 * Trades the code for tokens and verifies the ID token (signature, issuer, audience, expiry,
 * nonce) and the answer's `state`; throws when any of them fails.
 */
export async function verifyCallback(
  provider: SsoProvider,
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<VerifiedIdentity> {
  const config = await configure(provider);
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    pkceCodeVerifier: expected.codeVerifier,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('the provider answered without an ID token');
  return {
    subject: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : null,
    emailVerified: claims.email_verified === true,
  };
}
