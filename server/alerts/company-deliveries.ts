import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { alertDeliveries, alerts, bridges, users } from '../db/schema.ts';
import type { LoggedDelivery } from './alert-deliveries.ts';
import type { NotificationChannel } from './alert-email.ts';

export interface CompanyDeliveryFilter {
  bridgeId?: number | undefined;
  channel?: NotificationChannel | undefined;
  limit: number;
  offset: number;
}

/** A delivery of the company's log with the alert and bridge it was about. */
export interface CompanyDelivery extends LoggedDelivery {
  bridgeId: number;
  bridgeName: string;
  alertType: string;
  severity: string;
}

/**
 * One page of the delivery log across a company's alerts (issue 32's Notifications screen),
 * newest first. One row more than asked says whether another page follows, so no count of the
 * whole log is ever taken: the page's work is bounded by its offset and size.
 */
export async function companyDeliveries(
  db: Db,
  companyId: number,
  filter: CompanyDeliveryFilter,
): Promise<{ items: CompanyDelivery[]; more: boolean }> {
  const rows = await db
    .select({
      row: alertDeliveries,
      username: users.username,
      bridgeId: bridges.id,
      bridgeName: bridges.name,
      alertType: alerts.type,
      severity: alerts.severity,
    })
    .from(alertDeliveries)
    .innerJoin(alerts, eq(alerts.id, alertDeliveries.alertId))
    .innerJoin(bridges, eq(bridges.id, alerts.bridgeId))
    .leftJoin(users, eq(users.id, alertDeliveries.userId))
    .where(
      and(
        eq(bridges.companyId, companyId),
        filter.bridgeId === undefined ? undefined : eq(bridges.id, filter.bridgeId),
        filter.channel === undefined ? undefined : eq(alertDeliveries.channel, filter.channel),
      ),
    )
    .orderBy(desc(alertDeliveries.createdAt), desc(alertDeliveries.id))
    .limit(filter.limit + 1)
    .offset(filter.offset);
  return { items: rows.slice(0, filter.limit), more: rows.length > filter.limit };
}
