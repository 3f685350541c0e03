import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies } from '../db/schema.ts';

/** The operator company's clock: its duty desk sits in the Maritimes, by its first bridge. */
export const FLEET_TIME_ZONE = 'America/Halifax';

interface DemoCompanySettings {
  address: string;
  timeZone: string;
}

/**
 * What each demo company has set of its own settings (decision 063): an address and a time zone,
 * so the demo's dashboards, reports and rotas show a company's clock as a real agency's would
 * (decision 064), not the clock of whoever opens it. Units stay metric, as Canadian agencies
 * report.
 */
export const DEMO_COMPANY_SETTINGS = {
  platform: { address: '100 Queen Street, Ottawa, ON K1P 1J9', timeZone: 'America/Toronto' },
  fleet: {
    address: '1 Confederation Way, Borden-Carleton, PE C0B 1X0',
    timeZone: FLEET_TIME_ZONE,
  },
  prairie: { address: '230 8 Avenue SW, Calgary, AB T2P 1B5', timeZone: 'America/Edmonton' },
} as const satisfies Record<string, DemoCompanySettings>;

export async function settleDemoCompany(
  tx: Db,
  companyId: number,
  settings: DemoCompanySettings,
): Promise<void> {
  await tx
    .update(companies)
    .set({ address: settings.address, timeZone: settings.timeZone })
    .where(eq(companies.id, companyId));
}
