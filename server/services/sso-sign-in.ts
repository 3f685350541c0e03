import { createHash, randomBytes } from 'node:crypto';
import { inAuditedTransaction } from '../audit/audited-transaction.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../http-error.ts';
import type { CompaniesRepository } from '../repositories/companies-repository.ts';
import {
  type CompanySsoRepository,
  verifiedDomains,
} from '../repositories/company-sso-repository.ts';
import type { SsoLoginsRepository } from '../repositories/sso-logins-repository.ts';
import type { UserRow, UsersRepository } from '../repositories/users-repository.ts';
import type { PasswordHasher } from './passwords.ts';
import type { SecretBox } from './secret-box.ts';
import type { SessionService, TokenPair } from './sessions.ts';
import { type SsoProvider, authorizationRequest, verifyCallback } from './sso-oidc.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** Where the browser goes once signed in: the SPA trades the code in the fragment for tokens. */
export const SSO_LANDING = '/sso';
/** Where the browser goes when the sign-in failed; the login page shows `sso_error`. */
export const SSO_FAILED = '/login';

/** A refused callback: the message is shown on the login page, so it names no internals. */
class Refusal extends Error {}

export interface SsoCallback {
  code?: string;
  state?: string;
  error?: string;
}

export interface SsoSignInDeps {
  db: Db;
  companies: CompaniesRepository;
  companySso: CompanySsoRepository;
  ssoLogins: SsoLoginsRepository;
  users: UsersRepository;
  sessions: SessionService;
  passwords: PasswordHasher;
  secretBox: SecretBox;
  /** The callback's absolute URL, as registered with every company's provider. */
  redirectUri: string;
}

/**
 * Sign-in through a company's OpenID Connect provider (decision 054): start from the work
 * email's domain, verify the provider's answer, match or make the user in that company only,
 * and hand the product's usual session to the SPA through a one-time code.
 */
export function createSsoSignIn(deps: SsoSignInDeps) {
  const { companySso, ssoLogins, users, sessions, secretBox } = deps;

  function providerOf(row: {
    issuer: string;
    clientId: string;
    clientSecretSealed: string | null;
  }) {
    if (!row.clientSecretSealed) return null;
    const provider: SsoProvider = {
      issuer: row.issuer,
      clientId: row.clientId,
      clientSecret: secretBox.open(row.clientSecretSealed),
    };
    return provider;
  }

  /** The company's user of this email, made as an operator when there is none yet. */
  async function userFor(email: string, companyId: number, domains: string[]): Promise<UserRow> {
    const existing = await users.findByEmail(email);
    if (existing) {
      if (existing.companyId !== companyId) {
        throw new Refusal(
          'This email belongs to an account of another company; sign in with your password',
        );
      }
      if (existing.isStaff) {
        throw new Refusal('Platform staff sign in with their password');
      }
      return existing;
    }
    const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
    if (!domains.includes(domain)) {
      throw new Refusal(
        domains.length
          ? `Your company's single sign-on makes accounts for ${domains.join(', ')} addresses only`
          : "Your company's single sign-on has no verified email domain; ask your administrator",
      );
    }
    const company = await deps.companies.findById(companyId);
    if (!company) throw new Refusal('This company no longer exists');
    return users.create({
      username: email,
      email,
      company: company.name,
      address: '',
      // Nobody knows this password: the account signs in through its provider until a password is set.
      passwordHash: await deps.passwords.hash(randomBytes(32).toString('base64url')),
      isStaff: false,
    });
  }

  async function finish(query: SsoCallback): Promise<string> {
    if (!query.state) throw new Refusal('This sign-in was not started here; start it again');
    const pending = await ssoLogins.claim(sha256(query.state));
    if (!pending)
      throw new Refusal('This sign-in was not started here or was already used; start it again');
    if (pending.expired)
      throw new Refusal('This sign-in took more than 10 minutes; start it again');
    if (query.error)
      throw new Refusal(`Your identity provider refused the sign-in (${query.error.slice(0, 60)})`);
    const settings = await companySso.find(pending.companyId);
    const provider = settings?.enabled ? providerOf(settings) : null;
    if (!settings || !provider)
      throw new Refusal('Single sign-on is no longer set up for your company');
    const callback = new URL(deps.redirectUri);
    for (const [key, value] of Object.entries(query)) {
      if (typeof value === 'string') callback.searchParams.set(key, value);
    }
    const identity = await verifyCallback(provider, callback, {
      state: query.state,
      nonce: pending.nonce,
      codeVerifier: pending.codeVerifier,
    }).catch(() => {
      throw new Refusal("Your identity provider's answer could not be verified; start again");
    });
    if (!identity.email || !identity.emailVerified) {
      throw new Refusal('Your identity provider has not verified your email address');
    }
    const email = identity.email;
    const handoff = randomBytes(32).toString('base64url');
    // The writes in one audited transaction, after the provider's calls: the user made (if any)
    // and the sign-in are written down together (migration 0032's trigger).
    await inAuditedTransaction(
      deps.db,
      { id: null, name: 'anonymous', operation: 'completeSsoLogin' },
      async () => {
        // Only a proven domain makes accounts (decision 071).
        const user = await userFor(email, pending.companyId, verifiedDomains(settings));
        await ssoLogins.complete(pending.id, user.id, sha256(handoff));
      },
    );
    return `${SSO_LANDING}#code=${handoff}`;
  }

  return {
    async start(email: string): Promise<{ authorization_url: string }> {
      const at = email.lastIndexOf('@');
      const domain = email
        .slice(at + 1)
        .trim()
        .toLowerCase();
      if (at < 1 || !domain.includes('.')) {
        throw new HttpError(400, 'email: enter your work email address, such as name@agency.ca');
      }
      const settings = await companySso.findEnabledByDomain(domain);
      const provider = settings ? providerOf(settings) : null;
      if (!settings || !provider) {
        throw new HttpError(
          404,
          'email: single sign-on is not set up for this email domain; sign in with your password',
        );
      }
      const request = await authorizationRequest(provider, deps.redirectUri).catch(() => {
        throw new HttpError(
          502,
          "Your company's identity provider did not answer; try again later",
        );
      });
      await ssoLogins.begin({
        stateHash: sha256(request.state),
        nonce: request.nonce,
        codeVerifier: request.codeVerifier,
        companyId: settings.companyId,
      });
      return { authorization_url: request.url };
    },

    /** Where to send the browser: the SPA with a hand-over code, or the login page with why not. */
    async complete(query: SsoCallback): Promise<{ location: string; refused?: string }> {
      try {
        return { location: await finish(query) };
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        const location = `${SSO_FAILED}?${new URLSearchParams({ sso_error: error.message })}`;
        return { location, refused: error.message };
      }
    },

    async exchange(code: string): Promise<TokenPair> {
      const userId = await ssoLogins.exchange(sha256(code));
      if (userId === undefined) {
        throw new HttpError(401, 'This sign-in code is unknown, used or expired; sign in again');
      }
      return sessions.start(userId);
    },
  };
}

export type SsoSignIn = ReturnType<typeof createSsoSignIn>;
