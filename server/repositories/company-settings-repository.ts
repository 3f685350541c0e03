import { eq } from 'drizzle-orm';
import type { LogoType, UnitSystem } from '../../domain/company-settings.ts';
import type { Db } from '../db/client.ts';
import { uniqueViolation } from '../db/errors.ts';
import { companies, companyLogos } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';

/** What a company sets for itself (issue 33, decision 063). */
export interface CompanySettings {
  name: string;
  address: string | null;
  /** IANA name; null: reports in UTC unless the reader asks for a zone. */
  timeZone: string | null;
  units: UnitSystem;
  /** Both null (the platform's levels) or both set, red at or below amber. */
  defaultAmberPercent: number | null;
  defaultRedPercent: number | null;
}

export interface StoredCompanySettings extends CompanySettings {
  hasLogo: boolean;
}

export interface CompanyLogo {
  contentType: LogoType;
  data: Uint8Array;
}

const SETTINGS_COLUMNS = {
  name: companies.name,
  address: companies.address,
  timeZone: companies.timeZone,
  units: companies.units,
  defaultAmberPercent: companies.defaultAmberPercent,
  defaultRedPercent: companies.defaultRedPercent,
};

const nameTaken = (name: string) =>
  new HttpError(409, `name: another company is already called '${name}'`);

export function createCompanySettingsRepository(db: Db) {
  async function find(id: number): Promise<StoredCompanySettings | undefined> {
    const [row] = await db
      .select({ ...SETTINGS_COLUMNS, logoOf: companyLogos.companyId })
      .from(companies)
      .leftJoin(companyLogos, eq(companyLogos.companyId, companies.id))
      .where(eq(companies.id, id));
    if (!row) return undefined;
    const { logoOf, ...settings } = row;
    return { ...settings, hasLogo: logoOf !== null };
  }

  return {
    find,

    /** Refused (409) when another company has the name in any case (companies_name_lower_key). */
    async save(id: number, settings: CompanySettings): Promise<StoredCompanySettings | undefined> {
      try {
        const changed = await db
          .update(companies)
          .set(settings)
          .where(eq(companies.id, id))
          .returning({ id: companies.id });
        return changed.length === 0 ? undefined : find(id);
      } catch (error) {
        if (uniqueViolation(error) !== null) throw nameTaken(settings.name);
        throw error;
      }
    },

    async logo(companyId: number): Promise<CompanyLogo | undefined> {
      const [row] = await db
        .select({ contentType: companyLogos.contentType, data: companyLogos.data })
        .from(companyLogos)
        .where(eq(companyLogos.companyId, companyId));
      return row;
    },

    async saveLogo(companyId: number, logo: CompanyLogo): Promise<void> {
      await db
        .insert(companyLogos)
        .values({ companyId, ...logo })
        .onConflictDoUpdate({
          target: companyLogos.companyId,
          set: { ...logo, updatedAt: new Date() },
        });
    },

    /** False when the company had no logo. */
    async removeLogo(companyId: number): Promise<boolean> {
      const removed = await db
        .delete(companyLogos)
        .where(eq(companyLogos.companyId, companyId))
        .returning({ id: companyLogos.companyId });
      return removed.length > 0;
    },
  };
}

export type CompanySettingsRepository = ReturnType<typeof createCompanySettingsRepository>;
