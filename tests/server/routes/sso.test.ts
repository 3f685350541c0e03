import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companySsoDomains, ssoLogins, users } from '../../../server/db/schema.ts';
import {
  TEST_CLIENT,
  TEST_PUBLIC_URL,
  type TestProvider,
  startTestProvider,
} from '../../helpers/oidc-test-provider.ts';
import { type TestDnsServer, startTestDnsServer } from '../../helpers/dns-test-server.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

/** The provider's accounts: Acme's people, an unverified address, and another company's user. */
const ACCOUNTS = {
  alice: { email: 'alice@acme.test', emailVerified: true },
  newbie: { email: 'newbie@acme.test', emailVerified: true },
  eve: { email: 'eve@acme.test', emailVerified: false },
  bob: { email: 'bob@other.test', emailVerified: true },
  // Of a domain Acme claims but has not proven.
  lab: { email: 'lab@acme-labs.test', emailVerified: true },
};

let provider: TestProvider;
/** The DNS server the app proves domains with (DNS_SERVERS); its address is known once started. */
let dns: TestDnsServer;
const dnsServers: string[] = [];
beforeAll(async () => {
  provider = await startTestProvider(ACCOUNTS);
  dns = await startTestDnsServer();
  dnsServers.push(dns.address);
});
afterAll(async () => {
  await provider?.close();
  await dns?.close();
});

interface SsoDomain {
  domain: string;
  verified_at: string | null;
  verified_method: string | null;
  challenge_name: string;
  challenge_value: string;
}
interface SsoSettings {
  client_secret_set: boolean;
  email_domains: string[];
  domains: SsoDomain[];
}

interface TokenPair {
  access: string;
  refresh: string;
}

describe.each(drivers)('single sign-on through a real OpenID Connect provider on %s', (kind) => {
  const t = setupTestApp(kind, { config: { publicUrl: TEST_PUBLIC_URL, dnsServers } });
  /** Every answer the tests saw, to look for the secret in. */
  const seen: string[] = [];

  async function person(email: string, company: string, admin = false) {
    const row = await t.services.users.create({
      username: email.split('@')[0] ?? email,
      email,
      passwordHash: await t.services.passwords.hash('long-enough-1'),
      company,
      address: '1 Road',
    });
    if (admin) await t.services.users.update(row.id, { isCompanyAdmin: true });
    return { row, token: (await t.services.sessions.start(row.id)).access };
  }

  /** Publishes the domain's challenge as its TXT record and verifies it, as the company would. */
  async function prove(companyId: number, token: string, domain: string) {
    const settings = await t.request<SsoSettings>({
      method: 'GET',
      url: `/api/v1/companies/${companyId}/sso`,
      token,
    });
    const claim = settings.body.domains.find((row) => row.domain === domain.toLowerCase());
    if (!claim) throw new Error(`${domain} is not claimed`);
    dns.zone.set(claim.challenge_name, ['v=spf1 -all', claim.challenge_value]);
    return verify(companyId, token, domain);
  }

  function verify(companyId: number, token: string, domain: string, body?: object) {
    return t.request<SsoSettings & { detail?: string }>({
      method: 'POST',
      url: `/api/v1/companies/${companyId}/sso/domains/${domain}/verify`,
      token,
      ...(body ? { body } : {}),
    });
  }

  /** Acme with single sign-on set by its administrator and acme.test proven, a bridge, and Other with Bob. */
  async function acme({ proven = true } = {}) {
    const admin = await person('Alice@Acme.test', 'Acme Bridges', true);
    const other = await person('bob@other.test', 'Other Crossings');
    const bridge = await t.services.bridges.create({
      name: 'Acme Viaduct',
      location: 'Acme river',
      companyId: admin.row.companyId,
    });
    await t.services.bridges.create({
      name: 'Other Span',
      location: 'Other river',
      companyId: other.row.companyId,
    });
    const settings = await t.request<SsoSettings>({
      method: 'PUT',
      url: `/api/v1/companies/${admin.row.companyId}/sso`,
      token: admin.token,
      body: {
        enabled: true,
        issuer: provider.issuer,
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        email_domains: ['Acme.test'],
      },
    });
    expect(settings).toMatchObject({ status: 200, body: { client_secret_set: true } });
    seen.push(JSON.stringify(settings.body));
    if (proven) {
      expect((await prove(admin.row.companyId, admin.token, 'acme.test')).status).toBe(200);
    }
    return { admin, other, bridge, companyId: admin.row.companyId };
  }

  async function start(email: string) {
    const answer = await t.request<{ authorization_url: string }>({
      method: 'POST',
      url: '/api/v1/auth/sso/start',
      body: { email },
    });
    seen.push(JSON.stringify(answer.body));
    return answer;
  }

  async function callback(search: string) {
    const answer = await t.app.inject({ method: 'GET', url: `/api/v1/auth/sso/callback${search}` });
    seen.push(answer.body, String(answer.headers.location));
    expect(answer.statusCode).toBe(303);
    return new URL(String(answer.headers.location), TEST_PUBLIC_URL);
  }

  /** Start, sign in at the provider as `account`, and follow its redirect to the callback. */
  async function signInAs(account: keyof typeof ACCOUNTS, typed = ACCOUNTS[account].email) {
    const started = await start(typed);
    expect(started.status).toBe(200);
    return callback((await provider.signIn(started.body.authorization_url, account)).search);
  }

  async function exchange(landing: URL) {
    expect(landing.pathname).toBe('/sso');
    const code = new URLSearchParams(landing.hash.slice(1)).get('code') ?? '';
    return t.request<TokenPair>({
      method: 'POST',
      url: '/api/v1/auth/sso/exchange',
      body: { code },
    });
  }

  const refusal = (landing: URL) => {
    expect(landing.pathname).toBe('/login');
    return landing.searchParams.get('sso_error');
  };
  const userCount = async () =>
    (await t.services.database.db.select({ id: users.id }).from(users)).length;

  it('asks the provider for a code with PKCE (S256), state and nonce', async () => {
    await acme();
    const started = await start('someone@ACME.test');
    const url = new URL(started.body.authorization_url);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(TEST_CLIENT.id);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
  });

  it("signs an existing user of the company in, matching the email without case, to the company's bridges", async () => {
    const { admin, bridge } = await acme();
    const before = await userCount();
    const landing = await signInAs('alice');
    const tokens = await exchange(landing);
    expect(tokens.status).toBe(200);
    const me = await t.request<{ id: number }>({
      method: 'GET',
      url: '/api/v1/user/me',
      token: tokens.body.access,
    });
    expect(me.body.id).toBe(admin.row.id);
    const bridges = await t.request<{ name: string }[]>({
      method: 'GET',
      url: '/api/v1/bridges',
      token: tokens.body.access,
    });
    expect(bridges.body.map((b) => b.name)).toEqual([bridge.name]);
    expect(await userCount()).toBe(before);
    // The refresh token is the product's usual one.
    const refreshed = await t.request({
      method: 'POST',
      url: '/api/v1/auth/refresh/',
      body: { refresh: tokens.body.refresh },
    });
    expect(refreshed.status).toBe(200);
    // The hand-over code works once.
    expect((await exchange(landing)).status).toBe(401);
    // The sign-in is in the audit log, against the user.
    const entries = await t.services.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.record, 'sso_logins'));
    expect(entries).toMatchObject([
      {
        objectType: 'user',
        objectId: String(admin.row.id),
        operation: 'completeSsoLogin',
        changes: { user_id: { before: null, after: admin.row.id }, handoff_hash: 'changed' },
      },
    ]);
  });

  it('makes a new user of that company, an operator with no bridges, for a verified address of its domain', async () => {
    const { companyId } = await acme();
    const tokens = await exchange(await signInAs('newbie'));
    expect(tokens.status).toBe(200);
    const me = await t.request<Record<string, unknown>>({
      method: 'GET',
      url: '/api/v1/user/me',
      token: tokens.body.access,
    });
    expect(me.body).toMatchObject({
      email: 'newbie@acme.test',
      company: 'Acme Bridges',
      company_id: companyId,
      is_staff: false,
      is_company_admin: false,
      bridges: [],
    });
    const bridges = await t.request<unknown[]>({
      method: 'GET',
      url: '/api/v1/bridges',
      token: tokens.body.access,
    });
    expect(bridges.body).toEqual([]);
  });

  it('refuses an address the provider has not verified, making no user and no session', async () => {
    await acme();
    const before = await userCount();
    const landing = await signInAs('eve');
    expect(refusal(landing)).toBe('Your identity provider has not verified your email address');
    expect(landing.hash).toBe('');
    expect(await userCount()).toBe(before);
  });

  it("refuses an email of another company's account, making no user and no session", async () => {
    const { other } = await acme();
    const before = await userCount();
    // Typed as an Acme address, so the start goes to Acme's provider, which answers Bob.
    const landing = await signInAs('bob', 'bob@acme.test');
    expect(refusal(landing)).toBe(
      'This email belongs to an account of another company; sign in with your password',
    );
    expect(await userCount()).toBe(before);
    const [bob] = await t.services.database.db
      .select()
      .from(users)
      .where(eq(users.id, other.row.id));
    expect(bob?.companyId).toBe(other.row.companyId);
  });

  it('refuses a tampered state and a replayed answer', async () => {
    await acme();
    const started = await start('alice@acme.test');
    const answer = await provider.signIn(started.body.authorization_url, 'alice');
    const tampered = new URL(answer);
    tampered.searchParams.set('state', `${answer.searchParams.get('state')}x`);
    expect(refusal(await callback(tampered.search))).toMatch(/not started here/);
    const first = await callback(answer.search);
    expect((await exchange(first)).status).toBe(200);
    expect(refusal(await callback(answer.search))).toMatch(/already used/);
  });

  it('refuses a sign-in started more than 10 minutes ago', async () => {
    await acme();
    const started = await start('alice@acme.test');
    const answer = await provider.signIn(started.body.authorization_url, 'alice');
    await t.services.database.db
      .update(ssoLogins)
      .set({ createdAt: sql`now() - interval '11 minutes'` });
    expect(refusal(await callback(answer.search))).toBe(
      'This sign-in took more than 10 minutes; start it again',
    );
  });

  it('answers 404 for a domain no company signs in with, and 400 for no address', async () => {
    await acme();
    expect(await start('someone@elsewhere.test')).toEqual({
      status: 404,
      body: {
        detail:
          'email: single sign-on is not set up for this email domain; sign in with your password',
      },
    });
    expect((await start('not-an-address')).status).toBe(400);
  });

  it('keeps the client secret write-only and checks the settings, naming the field', async () => {
    const { admin, other, companyId } = await acme();
    const url = `/api/v1/companies/${companyId}/sso`;
    const read = await t.request<Record<string, unknown>>({
      method: 'GET',
      url,
      token: admin.token,
    });
    seen.push(JSON.stringify(read.body));
    expect(read.body).toEqual({
      company_id: companyId,
      enabled: true,
      issuer: provider.issuer,
      client_id: TEST_CLIENT.id,
      client_secret_set: true,
      email_domains: ['acme.test'],
      domains: [
        {
          domain: 'acme.test',
          verified_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          verified_method: 'dns',
          challenge_name: '_spanwatch-challenge.acme.test',
          challenge_value: expect.stringMatching(/^spanwatch-domain-verification=[\w-]{32}$/),
          rechecked_at: null,
          recheck_failures: 0,
        },
      ],
    });
    const base = {
      enabled: true,
      issuer: provider.issuer,
      client_id: 'c',
      email_domains: ['acme.test'],
    };
    const put = (body: object, token = admin.token) =>
      t.request({ method: 'PUT', url, token, body });
    // Left out, the stored secret stays.
    expect((await put(base)).body).toMatchObject({ client_secret_set: true });
    expect(await put({ ...base, issuer: 'http://idp.example.com' })).toEqual({
      status: 400,
      body: { detail: 'issuer: must be an https URL (http only on 127.0.0.1 or localhost)' },
    });
    expect((await put({ ...base, email_domains: ['not a domain'] })).body).toEqual({
      detail: "email_domains: 'not a domain' is not a domain such as agency.ca",
    });
    expect((await put({ ...base, email_domains: [] })).body).toEqual({
      detail: 'email_domains: name at least one to enable single sign-on',
    });
    expect((await put({ ...base, client_secret: '  ' })).status).toBe(400);
    // An operator is refused; another company's administrator sees no such company.
    expect((await put(base, other.token)).status).toBe(403);
    const otherAdmin = await person('carol@other.test', 'Other Crossings', true);
    const theirs = await put(base, otherAdmin.token);
    const ghost = await t.request({
      method: 'PUT',
      url: '/api/v1/companies/999999/sso',
      token: otherAdmin.token,
      body: base,
    });
    expect(theirs.body).toEqual({ detail: `Company ${companyId} not found` });
    expect(ghost.body).toEqual({ detail: 'Company 999999 not found' });
    // Claiming Acme's domain for Other is refused.
    const claim = await t.request({
      method: 'PUT',
      url: `/api/v1/companies/${otherAdmin.row.companyId}/sso`,
      token: otherAdmin.token,
      body: { ...base, client_secret: 's' },
    });
    expect(claim.body).toEqual({ detail: 'email_domains: acme.test signs in to another company' });
    // The change is in the audit log, the secret only as 'changed'.
    const entries = await t.services.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.record, 'company_sso'));
    expect(entries[0]?.changes).toMatchObject({ client_secret_sealed: 'changed' });
    const logged = JSON.stringify(entries);
    expect(logged).not.toContain(TEST_CLIENT.secret);
    for (const answer of seen) expect(answer).not.toContain(TEST_CLIENT.secret);
    expect(seen.length).toBeGreaterThan(3);
  });

  describe('proving a domain (decision 071)', () => {
    const UNKNOWN = {
      status: 404,
      body: {
        detail:
          'email: single sign-on is not set up for this email domain; sign in with your password',
      },
    };

    async function claim(companyId: number, token: string, domains: string[]) {
      const answer = await t.request<SsoSettings & { detail?: string }>({
        method: 'PUT',
        url: `/api/v1/companies/${companyId}/sso`,
        token,
        body: {
          enabled: true,
          issuer: provider.issuer,
          client_id: TEST_CLIENT.id,
          client_secret: TEST_CLIENT.secret,
          email_domains: domains,
        },
      });
      return answer;
    }

    it('starts no sign-in for a claimed domain until its TXT record proves it, and says what it found', async () => {
      const { admin, companyId } = await acme({ proven: false });
      dns.zone.clear();
      expect(await start('alice@acme.test')).toEqual(UNKNOWN);
      const none = await verify(companyId, admin.token, 'acme.test');
      expect(none).toEqual({
        status: 422,
        body: { detail: 'domain: no TXT record at _spanwatch-challenge.acme.test' },
      });
      dns.zone.set('_spanwatch-challenge.acme.test', [
        'v=spf1 -all',
        'spanwatch-domain-verification=not-the-token',
      ]);
      const wrong = await verify(companyId, admin.token, 'acme.test');
      expect(wrong.status).toBe(422);
      expect(wrong.body.detail).toMatch(
        /^domain: found 2 TXT records at _spanwatch-challenge\.acme\.test, none with the value spanwatch-domain-verification=[\w-]{32}$/,
      );
      expect(await start('alice@acme.test')).toEqual(UNKNOWN);
      const proven = await prove(companyId, admin.token, 'Acme.test');
      expect(proven.status).toBe(200);
      expect(proven.body.domains).toMatchObject([
        { domain: 'acme.test', verified_method: 'dns', verified_at: expect.any(String) },
      ]);
      expect(dns.asked).toContain('_spanwatch-challenge.acme.test');
      expect((await start('alice@acme.test')).status).toBe(200);
      // The proof is in the audit log as the company's change.
      const entries = await t.services.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.operation, 'verifyCompanySsoDomain'));
      expect(entries).toMatchObject([
        {
          objectType: 'company',
          objectId: String(companyId),
          record: 'company_sso_domains',
          actorId: admin.row.id,
          changes: { verified_method: { before: null, after: 'dns' } },
        },
      ]);
    });

    it('answers a DNS server that does not answer with a bounded error, not a hang', async () => {
      const { admin, companyId } = await acme({ proven: false });
      dns.zone.set('_spanwatch-challenge.acme.test', 'silent');
      const began = Date.now();
      const answer = await verify(companyId, admin.token, 'acme.test');
      expect(answer).toEqual({
        status: 502,
        body: {
          detail:
            'domain: could not read the TXT record at _spanwatch-challenge.acme.test: no answer within 5 s; try again later',
        },
      });
      expect(Date.now() - began).toBeLessThan(8000);
      expect(await start('alice@acme.test')).toEqual(UNKNOWN);
    });

    it('makes no account for an address of a domain the company has not proven', async () => {
      const { admin, companyId } = await acme();
      expect((await claim(companyId, admin.token, ['acme.test', 'acme-labs.test'])).status).toBe(
        200,
      );
      expect(await start('lab@acme-labs.test')).toEqual(UNKNOWN);
      const before = await userCount();
      // Typed as an Acme address, so the start goes to Acme's provider, which answers lab@acme-labs.test.
      const landing = await signInAs('lab', 'lab@acme.test');
      expect(refusal(landing)).toBe(
        "Your company's single sign-on makes accounts for acme.test addresses only",
      );
      expect(await userCount()).toBe(before);
    });

    it("lets a company that proves a domain take it from another's unproven claim, then keeps it", async () => {
      const { admin, companyId } = await acme();
      await claim(companyId, admin.token, ['acme.test', 'acme-labs.test']);
      const otherAdmin = await person('carol@other.test', 'Other Crossings', true);
      const otherId = otherAdmin.row.companyId;
      // Acme's unproven claim blocks nobody; its proven one does.
      expect((await claim(otherId, otherAdmin.token, ['acme.test'])).body).toEqual({
        detail: 'email_domains: acme.test signs in to another company',
      });
      const claimed = await claim(otherId, otherAdmin.token, ['acme-labs.test']);
      expect(claimed.status).toBe(200);
      const acmeChallenge = (
        await t.request<SsoSettings>({
          method: 'GET',
          url: `/api/v1/companies/${companyId}/sso`,
          token: admin.token,
        })
      ).body.domains.find((row) => row.domain === 'acme-labs.test')?.challenge_value;
      // Each claim has its own challenge: Other cannot prove with Acme's, nor Acme with Other's.
      expect(claimed.body.domains[0]?.challenge_value).not.toBe(acmeChallenge);
      expect((await prove(otherId, otherAdmin.token, 'acme-labs.test')).status).toBe(200);
      expect((await verify(companyId, admin.token, 'acme-labs.test')).body).toEqual({
        detail: "domain: acme-labs.test is not one of this company's single sign-on domains",
      });
      const acmeNow = await t.request<SsoSettings>({
        method: 'GET',
        url: `/api/v1/companies/${companyId}/sso`,
        token: admin.token,
      });
      expect(acmeNow.body.email_domains).toEqual(['acme.test']);
      expect((await claim(companyId, admin.token, ['acme.test', 'acme-labs.test'])).body).toEqual({
        detail: 'email_domains: acme-labs.test signs in to another company',
      });
      // The domain now starts Other's sign-in.
      const started = await start('lab@acme-labs.test');
      expect(started.status).toBe(200);
    });

    it('lets a proof take a domain kept from before proof was asked, and platform staff mark one by review', async () => {
      const { admin, companyId } = await acme();
      // As migration 0048 left a claim made before it.
      await t.services.database.db
        .update(companySsoDomains)
        .set({ verifiedMethod: 'before-proof', verifiedBy: null });
      expect((await start('alice@acme.test')).status).toBe(200);
      const otherAdmin = await person('carol@other.test', 'Other Crossings', true);
      const otherId = otherAdmin.row.companyId;
      expect((await claim(otherId, otherAdmin.token, ['acme.test'])).status).toBe(200);
      expect((await prove(otherId, otherAdmin.token, 'acme.test')).status).toBe(200);
      const acmeNow = await t.request<SsoSettings>({
        method: 'GET',
        url: `/api/v1/companies/${companyId}/sso`,
        token: admin.token,
      });
      expect(acmeNow.body.domains).toEqual([]);
      // Review: staff only, and it refuses a domain another company has proven.
      await claim(companyId, admin.token, ['acme-labs.test']);
      expect(await verify(companyId, admin.token, 'acme-labs.test', { method: 'review' })).toEqual({
        status: 403,
        body: { detail: 'method: only platform staff mark a domain verified by review' },
      });
      const staff = await t.createUser({ staff: true });
      const reviewed = await verify(companyId, staff.token, 'acme-labs.test', { method: 'review' });
      expect(reviewed.body.domains).toMatchObject([
        { domain: 'acme-labs.test', verified_method: 'review' },
      ]);
      const [row] = await t.services.database.db
        .select()
        .from(companySsoDomains)
        .where(eq(companySsoDomains.domain, 'acme-labs.test'));
      expect(row?.verifiedBy).toBe(staff.id);
      await t.services.database.db.insert(companySsoDomains).values({
        domain: 'acme.test',
        companyId,
        challenge: 'x'.repeat(32),
      });
      expect(await verify(companyId, staff.token, 'acme.test', { method: 'review' })).toEqual({
        status: 409,
        body: { detail: 'domain: acme.test signs in to another company' },
      });
    });
  });
});
