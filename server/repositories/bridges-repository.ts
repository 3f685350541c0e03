import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { DEFAULT_ALARM_TARGET_RATE } from '../../domain/trigger-levels.ts';
import {
  bridgeAnalysisSettings,
  bridges,
  companies,
  datastreamSensors,
  sensors,
  spans,
} from '../db/schema.ts';
import { HttpError } from '../http-error.ts';
import { unassignedCompany } from './companies-repository.ts';
import { assertUnderLimit } from './company-limits-repository.ts';
import { lookupsChanged } from './lookup-cache.ts';
import { type Viewer, visibleBridgeFilter } from './visibility.ts';

export type BridgeRow = typeof bridges.$inferSelect;
/** Without a company a new bridge joins the holding company of unassigned bridges (decision 040). */
export type NewBridge = Omit<typeof bridges.$inferInsert, 'companyId'> & { companyId?: number };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * A new bridge starts with its company's default trigger levels when the company set them
 * (decision 063); without, it stores none and runs on the platform's (decision 025).
 */
async function startWithCompanyLevels(tx: Db, bridgeId: number, companyId: number) {
  const [company] = await tx
    .select({ amber: companies.defaultAmberPercent, red: companies.defaultRedPercent })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (company?.amber == null || company.red == null) return;
  await tx.insert(bridgeAnalysisSettings).values({
    bridgeId,
    amberPercent: company.amber,
    redPercent: company.red,
    targetFalseAlarmRate: DEFAULT_ALARM_TARGET_RATE,
  });
}

export function createBridgesRepository(db: Db) {
  return {
    async list(viewer: Viewer): Promise<BridgeRow[]> {
      return db
        .select()
        .from(bridges)
        .where(visibleBridgeFilter(db, viewer, bridges.id))
        .orderBy(bridges.name, bridges.id);
    },

    async findById(id: number): Promise<BridgeRow | undefined> {
      const [row] = await db.select().from(bridges).where(eq(bridges.id, id));
      return row;
    },

    /** Refused (409) when the company is at its limit of bridges (company-limits-repository.ts). */
    async create(values: NewBridge): Promise<BridgeRow> {
      const companyId = values.companyId ?? (await unassignedCompany(db));
      return db.transaction(async (tx) => {
        await assertUnderLimit(tx, 'bridges', [companyId]);
        const [row] = await tx
          .insert(bridges)
          .values({ ...values, companyId })
          .returning();
        if (!row) throw new Error('insert into bridges returned no row');
        await startWithCompanyLevels(tx, row.id, companyId);
        return row;
      });
    },

    async update(id: number, values: Partial<NewBridge>): Promise<BridgeRow | undefined> {
      const [row] = await db.update(bridges).set(values).where(eq(bridges.id, id)).returning();
      return row;
    },

    /**
     * Refuses (409) while spans or sensors hang off the bridge. With cascade the spans and
     * sensors go too; data streams are only unlinked, since they carry the recorded readings.
     */
    async delete(id: number, cascade: boolean): Promise<boolean> {
      const deleted = await db.transaction(async (tx) => {
        const [bridge] = await tx
          .select({ id: bridges.id, name: bridges.name })
          .from(bridges)
          .where(eq(bridges.id, id));
        if (!bridge) return false;
        const [spanCount] = await tx
          .select({ n: count() })
          .from(spans)
          .where(eq(spans.bridgeId, id));
        const sensorIds = (
          await tx.select({ id: sensors.id }).from(sensors).where(eq(sensors.bridgeId, id))
        ).map((row) => row.id);
        const spansAttached = spanCount?.n ?? 0;
        if (!cascade && (spansAttached > 0 || sensorIds.length > 0)) {
          throw new HttpError(
            409,
            `Bridge '${bridge.name}' still has ${plural(spansAttached, 'span')} and ${plural(sensorIds.length, 'sensor')} attached; delete them first or pass cascade=true`,
          );
        }
        if (sensorIds.length > 0) {
          await tx.delete(datastreamSensors).where(inArray(datastreamSensors.sensorId, sensorIds));
          await tx.delete(sensors).where(inArray(sensors.id, sensorIds));
        }
        await tx.delete(spans).where(eq(spans.bridgeId, id));
        await tx.delete(bridges).where(eq(bridges.id, id));
        return true;
      });
      // Its streams lose this bridge and its tokens go with it (cascade): cached lookups too.
      if (deleted) {
        lookupsChanged('streams');
        lookupsChanged('tokens');
      }
      return deleted;
    },
  };
}

export type BridgesRepository = ReturnType<typeof createBridgesRepository>;
