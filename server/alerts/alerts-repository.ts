import { and, desc, eq, exists, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { alertDeliveries, alerts, bridges, companies, notifications, users } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';
import { type Viewer, visibleBridgeFilter } from '../repositories/visibility.ts';
import type { Schemas } from '../contract-types.ts';
import { acknowledgeActive } from './alert-store.ts';

export type AlertRow = typeof alerts.$inferSelect;
export type AlertDto = Schemas['Alert'];
export type AlertCause = Schemas['AlertCause'];
export type AlertStateFilter = 'open' | 'active' | 'acknowledged' | 'cleared' | 'all';

const withNames = {
  alert: alerts,
  bridgeName: bridges.name,
  acknowledgerName: users.username,
};

interface JoinedRow {
  alert: AlertRow;
  bridgeName: string;
  acknowledgerName: string | null;
}

/** A stored alert in the contract's shape. */
export function alertDto({ alert, bridgeName, acknowledgerName }: JoinedRow): AlertDto {
  return {
    id: alert.id,
    bridge: alert.bridgeId,
    bridge_name: bridgeName,
    type: alert.type as AlertDto['type'],
    severity: alert.severity as AlertDto['severity'],
    message: alert.message,
    state: alert.state as AlertDto['state'],
    raised_at: alert.raisedAt.toISOString(),
    updated_at: alert.updatedAt.toISOString(),
    acknowledged_at: alert.acknowledgedAt?.toISOString() ?? null,
    acknowledged_by:
      alert.acknowledgedBy !== null && acknowledgerName !== null
        ? { id: alert.acknowledgedBy, username: acknowledgerName }
        : null,
    comment: alert.comment,
    cleared_at: alert.clearedAt?.toISOString() ?? null,
    cleared_note: alert.clearedNote,
    cause: alert.cause as AlertCause,
  };
}

function stateCondition(state: AlertStateFilter): SQL | undefined {
  if (state === 'all') return undefined;
  if (state === 'open') return ne(alerts.state, 'cleared');
  return eq(alerts.state, state);
}

/** Reads, and the acknowledge step's checks; every write is the alert store's (alert-store.ts). */
export function createAlertsRepository(db: Db) {
  const joined = (where: SQL | undefined) =>
    db
      .select(withNames)
      .from(alerts)
      .innerJoin(bridges, eq(bridges.id, alerts.bridgeId))
      .leftJoin(users, eq(users.id, alerts.acknowledgedBy))
      .where(where);

  /**
   * Who may open one alert (decision 080): whoever sees its bridge, and whoever was told of this
   * alert (a row of its delivery log addressed to them, whatever became of it, or a line of the
   * bell). A contact group's member or the person on call need not be assigned the bridge to
   * be paged; being paged lets them read, acknowledge and tick off that alert, not the bridge.
   */
  function readable(viewer: Viewer): SQL | undefined {
    const seen = visibleBridgeFilter(db, viewer, alerts.bridgeId);
    if (seen === undefined) return undefined;
    const delivered = db
      .select({ id: alertDeliveries.id })
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.alertId, alerts.id), eq(alertDeliveries.userId, viewer.id)));
    const belled = db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.alertId, alerts.id), eq(notifications.userId, viewer.id)));
    return or(seen, exists(delivered), exists(belled));
  }

  async function findVisible(viewer: Viewer, id: number): Promise<AlertRow | undefined> {
    const [row] = await joined(and(eq(alerts.id, id), readable(viewer)));
    return row?.alert;
  }

  async function findVisibleDto(viewer: Viewer, id: number): Promise<AlertDto | undefined> {
    const [row] = await joined(and(eq(alerts.id, id), readable(viewer)));
    return row ? alertDto(row) : undefined;
  }

  async function findDtos(ids: number[]): Promise<AlertDto[]> {
    if (ids.length === 0) return [];
    return (await joined(inArray(alerts.id, ids)).orderBy(alerts.id)).map(alertDto);
  }

  return {
    findDtos,
    findVisibleDto,

    async isVisible(viewer: Viewer, id: number): Promise<boolean> {
      return (await findVisible(viewer, id)) !== undefined;
    },

    /** How the bridge's company writes times and units (decision 064), for the alert's page. */
    async displayOf(bridgeId: number): Promise<Schemas['AlertView']['display']> {
      const [row] = await db
        .select({ timeZone: companies.timeZone, units: companies.units })
        .from(bridges)
        .innerJoin(companies, eq(companies.id, bridges.companyId))
        .where(eq(bridges.id, bridgeId));
      return { time_zone: row?.timeZone ?? null, units: row?.units ?? 'metric' };
    },

    async bridgeIsVisible(viewer: Viewer, bridgeId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: bridges.id })
        .from(bridges)
        .where(and(eq(bridges.id, bridgeId), visibleBridgeFilter(db, viewer, bridges.id)));
      return row !== undefined;
    },

    /** Newest first, only on bridges the viewer may see. */
    async list(
      viewer: Viewer,
      filter: { bridgeId?: number | undefined; state: AlertStateFilter },
    ): Promise<AlertDto[]> {
      const rows = await joined(
        and(
          visibleBridgeFilter(db, viewer, alerts.bridgeId),
          filter.bridgeId === undefined ? undefined : eq(alerts.bridgeId, filter.bridgeId),
          stateCondition(filter.state),
        ),
      ).orderBy(desc(alerts.raisedAt), desc(alerts.id));
      return rows.map(alertDto);
    },

    /** Active → acknowledged: of two simultaneous acknowledgements one gets 200, one 409. */
    async acknowledge(
      viewer: Viewer,
      id: number,
      comment: string | null,
      now: Date,
    ): Promise<AlertDto> {
      const existing = await findVisible(viewer, id);
      if (!existing) throw new HttpError(404, `Alert ${id} not found`);
      if (!(await acknowledgeActive(db, { id, userId: viewer.id, comment }, now))) {
        const current = (await findVisible(viewer, id)) ?? existing;
        throw new HttpError(
          409,
          current.state === 'cleared'
            ? `Alert ${id} is cleared; only an active alert can be acknowledged`
            : `Alert ${id} is already acknowledged`,
        );
      }
      const [dto] = await findDtos([id]);
      if (!dto) throw new HttpError(404, `Alert ${id} not found`);
      return dto;
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
