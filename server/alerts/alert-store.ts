import { and, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Threat } from '../../domain/health.ts';
import type { Db } from '../db/client.ts';
import { alerts } from '../db/schema.ts';
import type { Schemas } from '../contract-types.ts';
import type { EscalationPolicy } from './escalation-policy.ts';

// The one module that writes the alerts table (tests/server/alerts/one-writer.test.ts): the
// alert service calls it, so every raise reaches the webhook and the notifications.

export interface RaisedAlert {
  bridgeId: number;
  type: string;
  /** Tells apart open alerts of one type on one bridge ('' for the health alerts). */
  subject: string;
  severity: Threat;
  message: string;
  cause: Schemas['AlertCause'];
}

// Severity as a number inside SQL, so "did it rise?" is decided in the same statement.
const rank = (column: string) =>
  sql.raw(`array_position(ARRAY['Low','Medium','High','Critical'], ${column})`);

/**
 * The escalation of the bridge's company, in seconds, to keep on a new alert (decision 069): a
 * change of the company's settings then applies to the alerts raised after it, and an open
 * alert's deadlines and reminder numbers never move under it. Null: none set, the server's default.
 * A sub-select of the same INSERT, so a raise makes no extra round trip.
 */
const escalationOfBridge = (bridgeId: number) => sql<EscalationPolicy | null>`(
  select jsonb_build_object(
    'tier2AfterSeconds', e.tier2_minutes * 60,
    'tier3AfterSeconds', e.tier3_minutes * 60,
    'reminderEverySeconds', coalesce(e.reminder_minutes, 0) * 60)
  from company_escalation e join bridges b on b.company_id = e.company_id
  where b.id = ${bridgeId})`;

/**
 * Raises each alert, or updates the open one of the same bridge, type and subject. One INSERT ...
 * ON CONFLICT on the partial unique index per 200 alerts, so concurrent raisers never make a
 * duplicate. An acknowledged alert stays acknowledged unless its severity rises: then it is
 * active again and the old acknowledgement is dropped (docs/decisions/004-alerts.md). Nothing is
 * written for an alert whose values did not change. Returns the ids of the newly raised alerts,
 * in the order given. The keys must be distinct (one statement may not touch a row twice).
 */
async function raiseOrUpdateAll(
  tx: Db,
  firing: readonly RaisedAlert[],
  now: Date,
): Promise<number[]> {
  const rises = sql`${rank('excluded.severity')} > ${rank('alerts.severity')}`;
  const idOf = new Map<string, number>();
  for (let start = 0; start < firing.length; start += RAISE_CHUNK) {
    const rows = await tx
      .insert(alerts)
      .values(
        firing.slice(start, start + RAISE_CHUNK).map((alert) => ({
          ...alert,
          state: 'active',
          raisedAt: now,
          updatedAt: now,
          escalation: escalationOfBridge(alert.bridgeId),
        })),
      )
      .onConflictDoUpdate({
        target: [alerts.bridgeId, alerts.type, alerts.subject],
        targetWhere: sql.raw(`state <> 'cleared'`),
        set: {
          severity: sql`excluded.severity`,
          message: sql`excluded.message`,
          cause: sql`excluded.cause`,
          updatedAt: now,
          state: sql`CASE WHEN ${rises} THEN 'active' ELSE alerts.state END`,
          acknowledgedAt: sql`CASE WHEN ${rises} THEN NULL ELSE alerts.acknowledged_at END`,
          acknowledgedBy: sql`CASE WHEN ${rises} THEN NULL ELSE alerts.acknowledged_by END`,
          comment: sql`CASE WHEN ${rises} THEN NULL ELSE alerts.comment END`,
        },
        setWhere: sql.raw(
          `alerts.severity IS DISTINCT FROM excluded.severity
           OR alerts.message IS DISTINCT FROM excluded.message
           OR alerts.cause IS DISTINCT FROM excluded.cause`,
        ),
      })
      .returning({
        id: alerts.id,
        bridgeId: alerts.bridgeId,
        type: alerts.type,
        subject: alerts.subject,
        inserted: sql<boolean>`(xmax = 0)`,
      });
    for (const row of rows) if (row.inserted) idOf.set(openAlertKey(row), row.id);
  }
  return firing.flatMap((alert) => {
    const id = idOf.get(openAlertKey(alert));
    return id === undefined ? [] : [id];
  });
}

/** Alerts one statement raises or updates at most (the offline check's pass holds ~1,000). */
const RAISE_CHUNK = 200;

/** As raiseOrUpdateAll, one alert after the other: a later one of the same key updates it. */
async function raiseOneByOne(tx: Db, firing: readonly RaisedAlert[], now: Date): Promise<number[]> {
  const raised: number[] = [];
  for (const alert of firing) raised.push(...(await raiseOrUpdateAll(tx, [alert], now)));
  return raised;
}

/**
 * The open alerts a sync answers for: of these types, within `bridgeId` when given, and, when
 * two writers share a type (stream limits and cable tensions, decision 079), only the subjects
 * that start, or do not start, with a prefix.
 */
export interface AlertScope {
  bridgeId?: number;
  types: readonly string[];
  subjectPrefix?: string;
  subjectNotPrefix?: string;
}

/**
 * Clears the open alerts of these types whose subject is not still firing. `bridgeId` limits it
 * to one bridge (the analysis); without it every bridge is looked at (the offline check).
 */
export async function clearGone(
  tx: Db,
  scope: AlertScope & { stillFiring: readonly string[] },
  now: Date,
): Promise<number[]> {
  if (scope.types.length === 0) return [];
  const key = sql<string>`${alerts.bridgeId}::text || '|' || ${alerts.type} || '|' || ${alerts.subject}`;
  const rows = await tx
    .update(alerts)
    .set({ state: 'cleared', clearedAt: now, updatedAt: now })
    .where(
      and(
        ne(alerts.state, 'cleared'),
        inArray(alerts.type, [...scope.types]),
        scope.bridgeId === undefined ? undefined : eq(alerts.bridgeId, scope.bridgeId),
        scope.stillFiring.length === 0 ? undefined : notInArray(key, [...scope.stillFiring]),
        scope.subjectPrefix === undefined
          ? undefined
          : sql`left(${alerts.subject}, ${scope.subjectPrefix.length}) = ${scope.subjectPrefix}`,
        scope.subjectNotPrefix === undefined
          ? undefined
          : sql`left(${alerts.subject}, ${scope.subjectNotPrefix.length}) <> ${scope.subjectNotPrefix}`,
      ),
    )
    .returning({ id: alerts.id });
  return rows.map((row) => row.id);
}

/** The key clearGone compares with: one open alert per bridge, type and subject. */
export const openAlertKey = (alert: Pick<RaisedAlert, 'bridgeId' | 'type' | 'subject'>) =>
  `${alert.bridgeId}|${alert.type}|${alert.subject}`;

/**
 * Brings the open alerts of these types in line with what fires now: each firing alert is
 * raised or updated, and the open ones no longer firing are cleared (within `bridgeId` when
 * given). Returns the ids raised (new or risen) and cleared.
 */
export async function syncAlerts(
  tx: Db,
  firing: readonly RaisedAlert[],
  scope: AlertScope,
  now: Date,
): Promise<{ raised: number[]; cleared: number[] }> {
  // One statement per 200 alerts: one each held the offline check's pass (every firing stream,
  // ~1,000 in bench:notify) seconds behind its raise. A key given twice would make one statement
  // touch a row twice: such a list is raised one alert after the other, the later updating the
  // first. The stream limits give one: a stream linked to two sensors with limits is judged per
  // sensor (decision 065 (g)).
  const keys = new Set(firing.map(openAlertKey));
  const raised =
    keys.size === firing.length
      ? await raiseOrUpdateAll(tx, firing, now)
      : await raiseOneByOne(tx, firing, now);
  const cleared = await clearGone(tx, { ...scope, stillFiring: firing.map(openAlertKey) }, now);
  return { raised, cleared };
}

/** Clears these open alerts with a note (a recorded maintenance event answered them). */
export async function clearWithNote(
  tx: Db,
  ids: readonly number[],
  note: string,
  now: Date,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(alerts)
    .set({ state: 'cleared', clearedAt: now, updatedAt: now, clearedNote: note })
    .where(and(inArray(alerts.id, [...ids]), ne(alerts.state, 'cleared')))
    .returning({ id: alerts.id });
  return rows.map((row) => row.id);
}

/**
 * Active → acknowledged. The state condition in the UPDATE makes two simultaneous
 * acknowledgements end with one success and one refusal, never two. True when it changed.
 */
export async function acknowledgeActive(
  tx: Db,
  ack: { id: number; userId: number; comment: string | null },
  now: Date,
): Promise<boolean> {
  const updated = await tx
    .update(alerts)
    .set({
      state: 'acknowledged',
      acknowledgedAt: now,
      acknowledgedBy: ack.userId,
      comment: ack.comment,
    })
    .where(and(eq(alerts.id, ack.id), eq(alerts.state, 'active')))
    .returning({ id: alerts.id });
  return updated.length > 0;
}

/** Notes that the webhook took the alert (once: a late retry keeps the first time). */
/** The webhook took the news of the alert's escalation to `tier` (never lowered). */
export async function markWebhookEscalated(tx: Db, alertId: number, tier: number): Promise<void> {
  await tx
    .update(alerts)
    .set({ webhookTier: sql`greatest(${alerts.webhookTier}, ${tier})` })
    .where(eq(alerts.id, alertId));
}

export async function markWebhookDelivered(tx: Db, alertId: number, now: Date): Promise<void> {
  await tx
    .update(alerts)
    .set({ webhookDeliveredAt: now })
    .where(and(eq(alerts.id, alertId), isNull(alerts.webhookDeliveredAt)));
}
