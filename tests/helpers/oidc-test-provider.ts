import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** Where the API's callback is, as the tests' app config names it (publicUrl). */
export const TEST_PUBLIC_URL = 'http://spanwatch.test';
export const TEST_REDIRECT_URI = `${TEST_PUBLIC_URL}/api/v1/auth/sso/callback`;
export const TEST_CLIENT = { id: 'spanwatch', secret: 'test-client-secret-0123456789' };

export interface TestAccount {
  email: string;
  emailVerified: boolean;
}

export interface TestProvider {
  issuer: string;
  /** Signs `accountId` in at the provider from the authorization URL; answers the callback URL. */
  signIn(authorizationUrl: string, accountId: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on a loopback port: one confidential client
 * with the API's callback, PKCE required, and the given accounts. Its development interactions
 * (a login form, then a consent form) are posted to as a browser would.
 */
export async function startTestProvider(
  accounts: Record<string, TestAccount>,
): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: [TEST_REDIRECT_URI],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    async findAccount(_context, id) {
      const account = accounts[id];
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified,
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // The email claims in the ID token itself, as the common providers put them.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    // Fixed lifetimes, so the provider does not print a notice for each default it uses.
    ttl: {
      Session: 600,
      Grant: 600,
      Interaction: 600,
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
    },
  });
  server.on('request', provider.callback());

  async function signIn(authorizationUrl: string, accountId: string): Promise<URL> {
    const jar = new Map<string, string>();
    const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    let url = new URL(authorizationUrl);
    let form: URLSearchParams | undefined;
    for (let step = 0; step < 12; step += 1) {
      const response = await fetch(url, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: { cookie: cookie() },
        ...(form ? { body: form } : {}),
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at).trim(), pair.slice(at + 1));
      }
      const location = response.headers.get('location');
      if (!location) {
        throw new Error(
          `provider answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
        );
      }
      const next = new URL(location, url);
      if (next.href.startsWith(TEST_REDIRECT_URI)) return next;
      form = undefined;
      if (next.pathname.startsWith('/interaction/')) {
        const page = await (await fetch(next, { headers: { cookie: cookie() } })).text();
        const prompt = page.includes('name="prompt" value="login"') ? 'login' : 'consent';
        form = new URLSearchParams({ prompt, login: accountId, password: 'any' });
      }
      url = next;
    }
    throw new Error('the provider never redirected to the callback');
  }

  return {
    issuer,
    signIn,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
