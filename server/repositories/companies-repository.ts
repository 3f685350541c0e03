import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';

export type CompanyRow = typeof companies.$inferSelect;

/**
 * Where a bridge goes when nobody says whose it is: migration 0022 made it for the bridges
 * assigned to no one, and a bridge created without a company joins it. Only platform staff see
 * it; they move its bridges to their owners (decision 040).
 */
export const UNASSIGNED_COMPANY = 'Unassigned bridges (migration 0022)';

const sameName = (name: string) => sql`lower(${companies.name}) = lower(${name})`;

async function companyIdNamed(db: Db, name: string): Promise<number | undefined> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(sameName(name));
  return row?.id;
}

/**
 * The company of this name (compared without case), made when it does not exist yet. Looked up
 * first: a company's own request may not insert into `companies` (row-level security, migration
 * 0055), not even an insert that would meet a conflict and do nothing.
 */
async function companyNamed(db: Db, name: string): Promise<number> {
  const found = await companyIdNamed(db, name);
  if (found !== undefined) return found;
  await db.insert(companies).values({ name }).onConflictDoNothing();
  const made = await companyIdNamed(db, name);
  if (made === undefined) throw new Error(`company '${name}' was neither found nor made`);
  return made;
}

/**
 * The company a user names (sign-up, the users screen). The holding company of unassigned
 * bridges is not one a user can join by name.
 */
export async function companyOfUser(db: Db, name: string): Promise<number> {
  const trimmed = name.trim();
  if (trimmed.toLowerCase() === UNASSIGNED_COMPANY.toLowerCase()) {
    throw new HttpError(400, 'company: this name is reserved; choose another');
  }
  return companyNamed(db, trimmed);
}

export function unassignedCompany(db: Db): Promise<number> {
  return companyNamed(db, UNASSIGNED_COMPANY);
}

export function createCompaniesRepository(db: Db) {
  return {
    async findById(id: number): Promise<CompanyRow | undefined> {
      const [row] = await db.select().from(companies).where(eq(companies.id, id));
      return row;
    },

    /** The company of this name (compared without case and surrounding spaces), if any. */
    async findByName(name: string): Promise<CompanyRow | undefined> {
      const [row] = await db.select().from(companies).where(sameName(name.trim()));
      return row;
    },

    async list(): Promise<CompanyRow[]> {
      return db.select().from(companies).orderBy(asc(companies.name));
    },
  };
}

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
