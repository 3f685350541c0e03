import { and, eq, ne } from 'drizzle-orm';
import { TRIGGER_LEVEL_ALERT } from '../../domain/reference-shift.ts';
import type { Db } from '../db/client.ts';
import { alerts, baselineVersions, frequencyShiftLevels } from '../db/schema.ts';
import { clearWithNote } from './alert-store.ts';

/**
 * A new reference became active: every line's latched level is released and the bridge's
 * 'Trigger level crossed' alert cleared, in the caller's transaction, so the engineer who accepts
 * sees both gone at once rather than at the next analysis (decision 051, 2026-11-29 evening). The
 * next evaluation judges the shift afresh against the new reference (its latches start empty).
 * Returns the alerts cleared.
 */
export async function releaseTriggerLevels(
  tx: Db,
  bridgeId: number,
  version: number,
  now: Date,
): Promise<number[]> {
  await tx.delete(frequencyShiftLevels).where(eq(frequencyShiftLevels.bridgeId, bridgeId));
  const open = await openTriggerAlerts(tx, bridgeId);
  return clearWithNote(
    tx,
    open.map((a) => a.id),
    `Released: reference version ${version} accepted`,
    now,
  );
}

/** The bridge's open 'Trigger level crossed' alert (at most one), with its severity. */
export function openTriggerAlerts(tx: Db, bridgeId: number) {
  return tx
    .select({ id: alerts.id, severity: alerts.severity })
    .from(alerts)
    .where(
      and(
        eq(alerts.bridgeId, bridgeId),
        eq(alerts.type, TRIGGER_LEVEL_ALERT),
        ne(alerts.state, 'cleared'),
      ),
    );
}

/**
 * Whether `version` is still the bridge's active reference, read in the caller's transaction
 * with the active row share-locked: an acceptance in flight (which updates that row) is waited
 * for, and one that starts later waits for the caller. An evaluation that read the reference
 * before an acceptance stores and raises nothing against it after (decision 051).
 */
export async function isActiveReference(tx: Db, bridgeId: number, version: number) {
  const [active] = await tx
    .select({ version: baselineVersions.version })
    .from(baselineVersions)
    .where(and(eq(baselineVersions.bridgeId, bridgeId), eq(baselineVersions.status, 'active')))
    .for('share');
  return active?.version === version;
}
