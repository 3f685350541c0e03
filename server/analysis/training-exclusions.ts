import { and, eq, gt, inArray, isNull, ne, or } from 'drizzle-orm';
import { HEALTH_ALERT_TYPES } from '../../domain/health.ts';
import { TRIGGER_LEVEL_ALERT } from '../../domain/reference-shift.ts';
import type { Db } from '../db/client.ts';
import { alarmEpisodes, alerts } from '../db/schema.ts';
import { DAY_MS, RETRAIN_EVERY_DAYS } from './analysis-rules.ts';

/** A span of data time, epoch ms, [from, to). */
export interface Interval {
  from: number;
  to: number;
}

interface CauseWindows {
  windows?: { start?: string }[];
}

/**
 * The alerts that say the structure may have changed: the health alerts and a trigger level
 * crossed by the cumulative shift against the accepted reference (decision 051). While one is
 * open no training learns the time since its onset, and no version becomes the reference by
 * itself (decision 041). Without the trigger level, a loss the control charts had not judged (a
 * cold snap below their coverage) but the shift had latched entered the next version, which
 * the agreement rule then accepted (decision 073).
 */
export const STRUCTURAL_ALERT_TYPES: readonly string[] = [
  ...HEALTH_ALERT_TYPES,
  TRIGGER_LEVEL_ALERT,
];

/**
 * When an open structural alert's trouble began, in data time: its earliest cause window, or
 * when it was raised if that is earlier (the cause keeps only the newest windows).
 */
function onsetOf(raisedAt: Date, cause: unknown): number {
  const starts = ((cause as CauseWindows | null)?.windows ?? [])
    .map((w) => (typeof w.start === 'string' ? Date.parse(w.start) : Number.NaN))
    .filter(Number.isFinite);
  return Math.min(raisedAt.getTime(), ...starts);
}

/**
 * What no retraining of a bridge may learn (decision 041): the windows of every stored alarm
 * episode, and everything from the onset of a structural alert still open (not cleared), since
 * its trouble is not resolved until an engineer or the data says so.
 */
export async function trainingExclusions(db: Db, bridgeId: number): Promise<Interval[]> {
  const episodes = await db
    .select({ from: alarmEpisodes.startedAt, to: alarmEpisodes.endedAt })
    .from(alarmEpisodes)
    .where(eq(alarmEpisodes.bridgeId, bridgeId));
  const open = await db
    .select({ raisedAt: alerts.raisedAt, cause: alerts.cause })
    .from(alerts)
    .where(
      and(
        eq(alerts.bridgeId, bridgeId),
        inArray(alerts.type, [...STRUCTURAL_ALERT_TYPES]),
        ne(alerts.state, 'cleared'),
      ),
    );
  return [
    ...episodes.map((e) => ({ from: e.from.getTime(), to: e.to.getTime() })),
    ...open.map((a) => ({ from: onsetOf(a.raisedAt, a.cause), to: Number.POSITIVE_INFINITY })),
  ];
}

/** True when a window [start, end) overlaps any of the intervals. */
export function isExcluded(
  window: { start: number; end: number },
  intervals: readonly Interval[],
): boolean {
  return intervals.some((i) => window.start < i.to && window.end > i.from);
}

/**
 * Days a structural alert must have stayed cleared before it no longer keeps a version from
 * becoming the reference by itself: one retraining period, so the data judged the bridge in
 * control against the active reference for a whole period since (the alert's episode never
 * enters training, and an alert still open blocks as before). Without it one false alarm froze
 * the reference for good: tuning seed 3's autumn reference accepted 3 versions, then none of
 * the next 33 after a 6-day false chart alarm, so it never learnt the frost (decision 073,
 * amended 2026-11-30; chosen before any result was read, checked on tuning seeds 1-3).
 */
export const CLEARED_ALERT_QUIET_DAYS = RETRAIN_EVERY_DAYS;

/**
 * From when a structural alert keeps a new version proposed (an alert open at any moment after
 * it, or still open): the active version's acceptance, or `CLEARED_ALERT_QUIET_DAYS` before
 * `now` if that is later. Epoch ms.
 */
export const alertsBlockSince = (acceptedAt: number, now: number): number =>
  Math.max(acceptedAt, now - CLEARED_ALERT_QUIET_DAYS * DAY_MS);

/** Whether a structural alert of the bridge was open at any moment since `since`. */
export async function structuralAlertSince(
  db: Db,
  bridgeId: number,
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(
      and(
        eq(alerts.bridgeId, bridgeId),
        inArray(alerts.type, [...STRUCTURAL_ALERT_TYPES]),
        or(isNull(alerts.clearedAt), gt(alerts.clearedAt, since)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Whether a structural alert keeps a new version from becoming the reference by itself (decision
 * 041, 073 amended): one open now, or open at any moment since the active version's acceptance
 * and cleared less than a retraining period before `now` (`alertsBlockSince`).
 */
export const structuralAlertBlocks = (db: Db, bridgeId: number, acceptedAt: Date, now: Date) =>
  structuralAlertSince(
    db,
    bridgeId,
    new Date(alertsBlockSince(acceptedAt.getTime(), now.getTime())),
  );
