import type { Db } from '../db/client.ts';
import { peopledTier } from './action-notice-recipients.ts';
import { alertBridges, type Notice, peopleOfAlerts, toldBy } from './alert-audience.ts';
import { choicesOf } from './notification-settings.ts';

/** One person one notice tells, at the tier it reaches them, and whether they want the bell. */
export interface ToldPerson {
  alertId: number;
  actionId?: number;
  tier: number;
  userId: number;
  inApp: boolean;
}

/**
 * Who these notices tell on any channel (decision 080, amended 2026-12-02), each person's
 * own channel choices aside: the people an email or a text of the same notice is planned
 * for, before each channel's on/off, address and quiet hours. The bell writes its lines
 * for them beside those who see the bridge. Every one is of the alert's company or staff.
 */
export async function toldOf(
  db: Db,
  notices: readonly Notice[],
  now: Date = new Date(),
): Promise<ToldPerson[]> {
  if (notices.length === 0) return [];
  const rows = await alertBridges(db, [...new Set(notices.map((notice) => notice.alertId))]);
  const bridgeOf = new Map(rows.map((row) => [row.id, row]));
  const who = await peopleOfAlerts(db, rows, null, notices, now);
  return notices.flatMap((notice) => {
    const bridge = bridgeOf.get(notice.alertId);
    if (bridge === undefined) return [];
    return toldBy(notice, who, bridge).flatMap(({ tier, people }) =>
      people.map((person) => ({
        alertId: notice.alertId,
        ...(notice.actionId === undefined ? {} : { actionId: notice.actionId }),
        tier,
        userId: person.id,
        inApp: choicesOf(person.settings).inApp,
      })),
    );
  });
}

/**
 * These overdue actions' first notices at the tier they really reach: the tier asked for,
 * or the highest below it with people when it has nobody (`peopledTier`, as the delivery log's
 * plan falls back), on any channel. The bell names this tier, not the one asked for (decision 077).
 */
export async function withToldTiers(
  db: Db,
  notices: readonly Notice[],
  now: Date = new Date(),
): Promise<Notice[]> {
  const asked = notices.filter((notice) => notice.actionId !== undefined);
  if (asked.length === 0) return [...notices];
  const rows = await alertBridges(db, [...new Set(asked.map((notice) => notice.alertId))]);
  const bridgeOf = new Map(rows.map((row) => [row.id, row]));
  const who = await peopleOfAlerts(db, rows, null, [], now);
  return notices.map((notice) => {
    const bridge = bridgeOf.get(notice.alertId);
    if (notice.actionId === undefined || notice.reminder > 0 || bridge === undefined) {
      return notice;
    }
    return { ...notice, tier: peopledTier(who.tiersFor(bridge), notice.tier) };
  });
}
