import { eq } from 'drizzle-orm';
import type { EscalationSettings } from '../../domain/escalation-settings.ts';
import type { Db } from '../db/client.ts';
import { companyEscalation } from '../db/schema.ts';

/** A company's escalation: its own (`custom`) or, when it set none, the server's default. */
export interface CompanyEscalationRecord extends EscalationSettings {
  companyId: number;
  custom: boolean;
  defaults: EscalationSettings;
}

/** The configured default in minutes (ALERT_TIER2_MINUTES and the rest; 0 turns a step off). */
export function defaultEscalationOf(minutes?: {
  tier2Minutes: number;
  tier3Minutes: number;
  reminderMinutes: number;
}): EscalationSettings {
  const { tier2Minutes, tier3Minutes, reminderMinutes } = minutes ?? {
    tier2Minutes: 15,
    tier3Minutes: 60,
    reminderMinutes: 30,
  };
  return { tier2Minutes, tier3Minutes, reminderMinutes: reminderMinutes || null };
}

/**
 * Each company's escalation of unacknowledged alerts (decision 069). Writes go through the
 * audited transaction of the request; the table's trigger logs them as the company's.
 */
export function createCompanyEscalationRepository(db: Db, defaults: EscalationSettings) {
  const recordOf = (
    companyId: number,
    row: EscalationSettings | undefined,
  ): CompanyEscalationRecord => ({
    companyId,
    ...(row ?? defaults),
    custom: row !== undefined,
    defaults,
  });

  return {
    async find(companyId: number): Promise<CompanyEscalationRecord> {
      const [row] = await db
        .select({
          tier2Minutes: companyEscalation.tier2Minutes,
          tier3Minutes: companyEscalation.tier3Minutes,
          reminderMinutes: companyEscalation.reminderMinutes,
        })
        .from(companyEscalation)
        .where(eq(companyEscalation.companyId, companyId));
      return recordOf(companyId, row);
    },

    async set(companyId: number, settings: EscalationSettings): Promise<CompanyEscalationRecord> {
      const values = { ...settings, updatedAt: new Date() };
      await db
        .insert(companyEscalation)
        .values({ companyId, ...values })
        .onConflictDoUpdate({ target: companyEscalation.companyId, set: values });
      return recordOf(companyId, settings);
    },

    async reset(companyId: number): Promise<CompanyEscalationRecord> {
      await db.delete(companyEscalation).where(eq(companyEscalation.companyId, companyId));
      return recordOf(companyId, undefined);
    },
  };
}

export type CompanyEscalationRepository = ReturnType<typeof createCompanyEscalationRepository>;
