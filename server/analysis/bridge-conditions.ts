import { count, eq } from 'drizzle-orm';
import { conditionOf, type Condition } from '../../domain/health.ts';
import type { Db } from '../db/client.ts';
import { alerts, analysisResults, bridges } from '../db/schema.ts';
import type { BridgeRow } from '../repositories/bridges-repository.ts';
import { type Viewer, visibleBridgeFilter } from '../repositories/visibility.ts';

export interface BridgeWithCondition {
  row: BridgeRow;
  condition: Condition | null;
  /** Expected false alarm episodes a month (null: never assessed). */
  falseEpisodesPerMonth: number | null;
  /** Its alerts still waiting for someone (state 'active', not acknowledged). */
  activeAlerts: number;
}

/**
 * The viewer's bridges with their condition and active alert count, in one joined query. The
 * count is one grouped pass over the active alerts (at most one per bridge, type and subject),
 * so the map's popup needs no request per bridge.
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
    })
    .from(bridges)
    .leftJoin(analysisResults, eq(analysisResults.bridgeId, bridges.id))
    .leftJoin(active, eq(active.bridgeId, bridges.id))
    .where(visibleBridgeFilter(db, viewer, bridges.id))
    .orderBy(bridges.name, bridges.id);
  return rows.map(({ row, numAnomalies, falseEpisodes, activeAlerts }) => ({
    row,
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
