import { and, count, desc, eq, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { alerts, bridges, notifications, users } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';
import { type Viewer, visibleBridgeFilter } from '../repositories/visibility.ts';
import type { Schemas } from '../contract-types.ts';
import type { AlertsRepository } from './alerts-repository.ts';
import { actionsWithIds } from './alert-actions.ts';

type NotificationRow = typeof notifications.$inferSelect;
export type NotificationDto = Schemas['Notification'];

/** The count stops here: the bell shows "99+" long before, and the count stays an index read. */
export const UNREAD_COUNT_CAP = 1000;
export const DEFAULT_PAGE = 20;

/**
 * The signed-in user's bell: their own rows only, newest first, each of an alert of their own
 * company (staff: any). A row is written for those who see the bridge and for those told of the
 * alert by email or text (decision 080, amended 2026-12-02); either may open the alert's page,
 * so the row shows what that page shows and no more: the alert with its bridge's name, and an
 * overdue action of it. Whether the bridge opens too is read now (`bridge_visible`).
 */
export function createNotificationsRepository(
  db: Db,
  alertsRepository: Pick<AlertsRepository, 'findDtos'>,
) {
  /** Rows of alerts of the viewer's company: a user moved to another company reads none. */
  const ofOwnCompany = (viewer: Viewer): SQL | undefined =>
    viewer.isStaff
      ? undefined
      : inArray(
          alerts.bridgeId,
          db
            .select({ id: bridges.id })
            .from(bridges)
            .innerJoin(users, eq(users.companyId, bridges.companyId))
            .where(eq(users.id, viewer.id)),
        );

  const own = (viewer: Viewer, ...more: (SQL | undefined)[]) =>
    and(eq(notifications.userId, viewer.id), ofOwnCompany(viewer), ...more);

  /** Which of these bridges the viewer may open now (visibility.ts). */
  const visibleOf = async (viewer: Viewer, bridgeIds: number[]): Promise<Set<number>> => {
    if (viewer.isStaff) return new Set(bridgeIds);
    if (bridgeIds.length === 0) return new Set();
    const rows = await db
      .select({ id: bridges.id })
      .from(bridges)
      .where(and(inArray(bridges.id, bridgeIds), visibleBridgeFilter(db, viewer, bridges.id)));
    return new Set(rows.map((row) => row.id));
  };

  const withAlerts = async (
    viewer: Viewer,
    rows: NotificationRow[],
  ): Promise<NotificationDto[]> => {
    const dtos = new Map(
      (await alertsRepository.findDtos([...new Set(rows.map((row) => row.alertId))])).map(
        (alert) => [alert.id, alert],
      ),
    );
    const visible = await visibleOf(viewer, [
      ...new Set([...dtos.values()].map((alert) => alert.bridge)),
    ]);
    const actions = await actionsWithIds(
      db,
      rows.flatMap((row) => (row.actionId === null ? [] : [row.actionId])),
    );
    return rows.flatMap((row) => {
      const alert = dtos.get(row.alertId);
      if (!alert) return [];
      return [
        {
          id: row.id,
          kind: row.kind as NotificationDto['kind'],
          tier: row.tier,
          escalated_tier: row.escalatedTier,
          escalated_at: row.escalatedAt?.toISOString() ?? null,
          action: row.actionId === null ? null : (actions.get(row.actionId) ?? null),
          read_at: row.readAt?.toISOString() ?? null,
          created_at: row.createdAt.toISOString(),
          alert,
          bridge_visible: visible.has(alert.bridge),
        },
      ];
    });
  };

  return {
    async page(
      viewer: Viewer,
      options: { limit?: number | undefined; before?: number | undefined },
    ): Promise<Schemas['NotificationPage']> {
      const limit = options.limit ?? DEFAULT_PAGE;
      const rows = await db
        .select({ row: notifications })
        .from(notifications)
        .innerJoin(alerts, eq(alerts.id, notifications.alertId))
        .where(
          own(
            viewer,
            options.before === undefined ? undefined : lt(notifications.id, options.before),
          ),
        )
        .orderBy(desc(notifications.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit).map(({ row }) => row);
      const last = page.at(-1);
      return {
        items: await withAlerts(viewer, page),
        next_before: rows.length > limit && last ? last.id : null,
      };
    },

    async unreadCount(viewer: Viewer): Promise<number> {
      const unread = db
        .select({ id: notifications.id })
        .from(notifications)
        .innerJoin(alerts, eq(alerts.id, notifications.alertId))
        .where(own(viewer, isNull(notifications.readAt)))
        .limit(UNREAD_COUNT_CAP)
        .as('unread');
      const [row] = await db.select({ n: count() }).from(unread);
      return row?.n ?? 0;
    },

    /** Marks one read (the first reading time is kept); 404 for another user's or none. */
    async markRead(viewer: Viewer, id: number, now: Date): Promise<NotificationDto> {
      const [visible] = await db
        .select({ row: notifications })
        .from(notifications)
        .innerJoin(alerts, eq(alerts.id, notifications.alertId))
        .where(own(viewer, eq(notifications.id, id)));
      if (!visible) throw new HttpError(404, `Notification ${id} not found`);
      const [row] = await db
        .update(notifications)
        .set({ readAt: visible.row.readAt ?? now })
        .where(eq(notifications.id, id))
        .returning();
      const [dto] = await withAlerts(viewer, row ? [row] : []);
      if (!dto) throw new HttpError(404, `Notification ${id} not found`);
      return dto;
    },

    async markAllRead(viewer: Viewer, now: Date): Promise<number> {
      const marked = await db
        .update(notifications)
        .set({ readAt: now })
        .where(and(eq(notifications.userId, viewer.id), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return marked.length;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
