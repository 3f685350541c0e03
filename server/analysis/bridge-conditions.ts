import { count, eq } from 'drizzle-orm';
import { conditionOf, type Condition } from '../../domain/health.ts';
import type { Db } from '../db/client.ts';
import { alerts, analysisResults, bridges, companies } from '../db/schema.ts';
import type { UnitSystem } from '../../domain/company-settings.ts';
import type { BridgeRow } from '../repositories/bridges-repository.ts';
import { type Viewer, visibleBridgeFilter } from '../repositories/visibility.ts';

export interface BridgeWithCondition {
  row: BridgeRow;
  condition: Condition | null;
  /** Expected false alarm episodes a month (null: never assessed). */
  falseEpisodesPerMonth: number | null;
  /** Its alerts still waiting for someone (state 'active', not acknowledged). */
  activeAlerts: number;
  /** How its company writes times and measurements (decision 064). */
  display: { timeZone: string | null; units: UnitSystem };
}

/**
 * The viewer's bridges with their condition and active alert count, in one joined query. The
 * count is one grouped pass over the active alerts (at most one per bridge, type and subject),
 * so the map's popup needs no request per bridge. The owning company's time zone and units come
 * along, so whoever may read a bridge reads how its screens write it, without the company
 * settings endpoint (administrators only, decision 063).
 */
export async function listBridgesWithCondition(
  db: Db,
  viewer: Viewer,
): Promise<BridgeWithCondition[]> {
  const active = db
    .select({ bridgeId: alerts.bridgeId, n: count().as('n') })
    .from(alerts)
    .where(eq(alerts.state, 'active'))
    .groupBy(alerts.bridgeId)
    .as('active_alerts');
  const rows = await db
    .select({
      row: bridges,
      numAnomalies: analysisResults.numAnomalies,
      falseEpisodes: analysisResults.falseEpisodesPerMonth,
      activeAlerts: active.n,
      timeZone: companies.timeZone,
      units: companies.units,
    })
    .from(bridges)
    .innerJoin(companies, eq(companies.id, bridges.companyId))
    .leftJoin(analysisResults, eq(analysisResults.bridgeId, bridges.id))
    .leftJoin(active, eq(active.bridgeId, bridges.id))
    .where(visibleBridgeFilter(db, viewer, bridges.id))
    .orderBy(bridges.name, bridges.id);
  return rows.map(({ row, numAnomalies, falseEpisodes, activeAlerts, timeZone, units }) => ({
    row,
    display: { timeZone, units },
    condition: conditionOf(numAnomalies),
    falseEpisodesPerMonth: falseEpisodes ?? null,
    activeAlerts: Number(activeAlerts ?? 0),
  }));
}

export async function bridgeCondition(db: Db, bridgeId: number): Promise<Condition | null> {
  const [row] = await db
    .select({ numAnomalies: analysisResults.numAnomalies })
    .from(analysisResults)
    .where(eq(analysisResults.bridgeId, bridgeId));
  return conditionOf(row?.numAnomalies);
}

/** The conditions as the HTTP layer reads them, bound to the process's database. */
export function createBridgeConditionsRepository(db: Db) {
  return {
    list: (viewer: Viewer) => listBridgesWithCondition(db, viewer),
    of: (bridgeId: number) => bridgeCondition(db, bridgeId),
  };
}

export type BridgeConditionsRepository = ReturnType<typeof createBridgeConditionsRepository>;
