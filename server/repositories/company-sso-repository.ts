import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import { companySso, companySsoDomains } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';

/** How a claim was proven (decision 071); 'before-proof': claimed before proof was asked. */
export type DomainProofMethod = 'dns' | 'review' | 'before-proof';

/** An email domain a company claims, and whether and how it is proven its own. */
export interface DomainClaim {
  domain: string;
  challenge: string;
  claimedAt: Date;
  verifiedAt: Date | null;
  verifiedMethod: DomainProofMethod | null;
  /** The last DNS re-check of a proof, and how many in a row found none (decision 078). */
  recheckedAt: Date | null;
  recheckFailures: number;
}

/** A company's single sign-on settings as stored; the secret stays sealed (decision 054). */
export interface CompanySsoRow {
  companyId: number;
  enabled: boolean;
  issuer: string;
  clientId: string;
  clientSecretSealed: string | null;
  /** Every domain claimed, verified or not. */
  emailDomains: string[];
  domains: DomainClaim[];
}

/** A new claim's challenge: 24 random bytes, base64url (32 characters), published in DNS. */
const newChallenge = () => randomBytes(24).toString('base64url');

/** The domains of a company that sign people in: the verified ones (decision 071). */
export const verifiedDomains = (row: Pick<CompanySsoRow, 'domains'>) =>
  row.domains.filter((claim) => claim.verifiedAt !== null).map((claim) => claim.domain);

export interface CompanySsoChange {
  enabled: boolean;
  issuer: string;
  clientId: string;
  /** A newly sealed secret; undefined keeps the one stored. */
  clientSecretSealed?: string;
  /** Lower case, without duplicates. */
  emailDomains: string[];
}

export function createCompanySsoRepository(db: Db) {
  async function domainsOf(companyId: number): Promise<DomainClaim[]> {
    const rows = await db
      .select({
        domain: companySsoDomains.domain,
        challenge: companySsoDomains.challenge,
        claimedAt: companySsoDomains.claimedAt,
        verifiedAt: companySsoDomains.verifiedAt,
        verifiedMethod: companySsoDomains.verifiedMethod,
        recheckedAt: companySsoDomains.recheckedAt,
        recheckFailures: companySsoDomains.recheckFailures,
      })
      .from(companySsoDomains)
      .where(eq(companySsoDomains.companyId, companyId))
      .orderBy(asc(companySsoDomains.domain));
    return rows.map((row) => ({
      ...row,
      verifiedMethod: row.verifiedMethod as DomainProofMethod | null,
    }));
  }

  /**
   * The domains among `domains` that another company has proven its own. Asked through a
   * security-definer function (migration 0061): a company's request sees only its own claims.
   */
  async function provenElsewhere(domains: string[], companyId: number): Promise<string[]> {
    if (domains.length === 0) return [];
    const list = sql.join(
      domains.map((domain) => sql`${domain}`),
      sql`, `,
    );
    const rows = await db.execute(
      sql`select domain from sso_domains_proven_elsewhere(array[${list}]::text[], ${companyId}) as domain`,
    );
    return rowsOf<{ domain: string }>(rows).map((row) => row.domain);
  }

  async function find(companyId: number): Promise<CompanySsoRow | undefined> {
    const [row] = await db
      .select({
        companyId: companySso.companyId,
        enabled: companySso.enabled,
        issuer: companySso.issuer,
        clientId: companySso.clientId,
        clientSecretSealed: companySso.clientSecretSealed,
      })
      .from(companySso)
      .where(eq(companySso.companyId, companyId));
    if (!row) return undefined;
    const domains = await domainsOf(companyId);
    return { ...row, emailDomains: domains.map((claim) => claim.domain), domains };
  }

  return {
    find,

    /** The company whose enabled sign-on has verified this email domain, if any. */
    async findEnabledByDomain(domain: string): Promise<CompanySsoRow | undefined> {
      const [row] = await db
        .select({ companyId: companySsoDomains.companyId })
        .from(companySsoDomains)
        .innerJoin(companySso, eq(companySso.companyId, companySsoDomains.companyId))
        .where(
          and(
            eq(companySsoDomains.domain, domain.toLowerCase()),
            isNotNull(companySsoDomains.verifiedAt),
            eq(companySso.enabled, true),
          ),
        );
      return row ? find(row.companyId) : undefined;
    },

    async save(companyId: number, change: CompanySsoChange): Promise<CompanySsoRow> {
      // Unverified claims of others block nobody; a domain another company proved does.
      const [taken] = await provenElsewhere(change.emailDomains, companyId);
      if (taken !== undefined) {
        throw new HttpError(400, `email_domains: ${taken} signs in to another company`);
      }
      const { emailDomains, ...settings } = change;
      await db
        .insert(companySso)
        .values({ companyId, ...settings })
        .onConflictDoUpdate({
          target: companySso.companyId,
          set: { ...settings, updatedAt: new Date() },
        });
      const kept = (await domainsOf(companyId)).map((claim) => claim.domain);
      const gone = kept.filter((domain) => !emailDomains.includes(domain));
      const added = emailDomains.filter((domain) => !kept.includes(domain));
      if (gone.length) {
        await db
          .delete(companySsoDomains)
          .where(
            and(
              eq(companySsoDomains.companyId, companyId),
              inArray(companySsoDomains.domain, gone),
            ),
          );
      }
      if (added.length) {
        await db
          .insert(companySsoDomains)
          .values(added.map((domain) => ({ domain, companyId, challenge: newChallenge() })));
      }
      const saved = await find(companyId);
      if (!saved) throw new Error(`company_sso ${companyId} was not saved`);
      return saved;
    },

    /**
     * Marks the company's claim of `domain` proven, and withdraws every other company's claim of
     * it that is not proven (unverified, or kept from before proof was asked): the domain is
     * this company's now (decision 071). Refused when another company proved it first.
     */
    async markVerified(
      companyId: number,
      domain: string,
      method: 'dns' | 'review',
      by: number | null,
    ): Promise<boolean> {
      if ((await provenElsewhere([domain], companyId)).length) {
        throw new HttpError(409, `domain: ${domain} signs in to another company`);
      }
      // Other companies' claims are invisible to a company's request: withdrawn by a
      // security-definer function (migration 0061).
      await db.execute(sql`select sso_withdraw_unproven_claims(${domain}, ${companyId})`);
      const marked = await db
        .update(companySsoDomains)
        .set({
          verifiedAt: new Date(),
          verifiedMethod: method,
          verifiedBy: by,
          // A new proof starts the re-checks afresh (decision 078).
          recheckedAt: null,
          recheckFailures: 0,
        })
        .where(
          and(eq(companySsoDomains.companyId, companyId), eq(companySsoDomains.domain, domain)),
        )
        .returning({ domain: companySsoDomains.domain });
      // False: the claim went meanwhile (another company proved the domain at the same time).
      return marked.length > 0;
    },
  };
}

export type CompanySsoRepository = ReturnType<typeof createCompanySsoRepository>;
