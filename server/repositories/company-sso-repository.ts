import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companySso, companySsoDomains } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';

/** A company's single sign-on settings as stored; the secret stays sealed (decision 054). */
export interface CompanySsoRow {
  companyId: number;
  enabled: boolean;
  issuer: string;
  clientId: string;
  clientSecretSealed: string | null;
  emailDomains: string[];
}

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
  async function domainsOf(companyId: number): Promise<string[]> {
    const rows = await db
      .select({ domain: companySsoDomains.domain })
      .from(companySsoDomains)
      .where(eq(companySsoDomains.companyId, companyId))
      .orderBy(asc(companySsoDomains.domain));
    return rows.map((row) => row.domain);
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
    return { ...row, emailDomains: await domainsOf(companyId) };
  }

  return {
    find,

    /** The company whose enabled sign-on claims this email domain, if any. */
    async findEnabledByDomain(domain: string): Promise<CompanySsoRow | undefined> {
      const [row] = await db
        .select({ companyId: companySsoDomains.companyId })
        .from(companySsoDomains)
        .innerJoin(companySso, eq(companySso.companyId, companySsoDomains.companyId))
        .where(
          and(eq(companySsoDomains.domain, domain.toLowerCase()), eq(companySso.enabled, true)),
        );
      return row ? find(row.companyId) : undefined;
    },

    async save(companyId: number, change: CompanySsoChange): Promise<CompanySsoRow> {
      const taken = change.emailDomains.length
        ? await db
            .select({ domain: companySsoDomains.domain })
            .from(companySsoDomains)
            .where(
              and(
                inArray(companySsoDomains.domain, change.emailDomains),
                ne(companySsoDomains.companyId, companyId),
              ),
            )
        : [];
      if (taken[0]) {
        throw new HttpError(400, `email_domains: ${taken[0].domain} signs in to another company`);
      }
      const { emailDomains, ...settings } = change;
      await db
        .insert(companySso)
        .values({ companyId, ...settings })
        .onConflictDoUpdate({
          target: companySso.companyId,
          set: { ...settings, updatedAt: new Date() },
        });
      const kept = await domainsOf(companyId);
      const gone = kept.filter((domain) => !emailDomains.includes(domain));
      const added = emailDomains.filter((domain) => !kept.includes(domain));
      if (gone.length) {
        await db.delete(companySsoDomains).where(inArray(companySsoDomains.domain, gone));
      }
      if (added.length) {
        await db.insert(companySsoDomains).values(added.map((domain) => ({ domain, companyId })));
      }
      const saved = await find(companyId);
      if (!saved) throw new Error(`company_sso ${companyId} was not saved`);
      return saved;
    },
  };
}

export type CompanySsoRepository = ReturnType<typeof createCompanySsoRepository>;
