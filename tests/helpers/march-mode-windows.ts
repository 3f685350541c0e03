/**
 * Stored modal windows of March 2026 as the worker stores them (decision 059), shared by the
 * daily summary's tests (modes-daily, modes-rollup) so both read the same hand-worked days.
 */
import { catchUpRolledDays } from '../../server/analysis/modes-rollup.ts';
import { createModesStore, type NewStoredMode } from '../../server/analysis/modes-store.ts';
import type { Db } from '../../server/db/client.ts';

export const WINDOW_MS = 600_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
export const MARCH = (d: number) => Date.UTC(2026, 2, d);

export type ModeRow = Omit<
  NewStoredMode,
  'bridgeId' | 'windowStart' | 'windowEnd' | 'referenceVersion'
>;

/** A mode found in a window, matched to `referenceMode` (null: no reference matches it). */
export const found = (
  position: number,
  referenceMode: number | null,
  hz: number,
  damping: number,
) => ({
  position,
  frequencyHz: hz,
  dampingRatio: damping,
  mpc: 0.99,
  shape: [],
  referenceMode,
  referenceMac: referenceMode === null ? null : 0.98,
});

/** A reference mode the window did not find. */
export const lost = (position: number, referenceMode: number) => ({
  ...found(position, referenceMode, 1, 0),
  frequencyHz: null,
  dampingRatio: null,
  mpc: null,
  referenceMac: null,
  lost: true,
});

/** One 10-minute window's rows from `startMs`, of reference version `version`. */
export const windowRows = (bridgeId: number, startMs: number, version: number, rows: ModeRow[]) =>
  rows.map((r) => ({
    ...r,
    bridgeId,
    referenceVersion: version,
    windowStart: new Date(startMs),
    windowEnd: new Date(startMs + WINDOW_MS),
  }));

/**
 * On 2 March four windows of version 0 (the first the reference), mode 0 found in all at
 * 2.00, 2.02, 2.04, 2.06 Hz, mode 1 lost in one, and one mode no reference matches; on 4 March,
 * after version 3 became active, two windows with that version's own reference; 3 March none.
 * Then the catch-up the next bridge run makes (trackModes), which rolls both days up.
 */
export async function storeMarchWindows(db: Db, bridgeId: number) {
  const store = createModesStore(db);
  const save = (startMs: number, version: number, rows: ModeRow[]) =>
    store.saveWindow(bridgeId, windowRows(bridgeId, startMs, version, rows));
  const march2 = MARCH(2) + 8 * HOUR_MS;
  await save(march2, 0, [
    { ...found(0, 0, 2.0, 0.01), isReference: true },
    { ...found(1, 1, 5.0, 0.02), isReference: true },
  ]);
  await save(march2 + WINDOW_MS, 0, [found(0, 0, 2.02, 0.012), found(1, 1, 5.1, 0.022)]);
  await save(march2 + 2 * WINDOW_MS, 0, [found(0, 0, 2.04, 0.014), lost(1, 1)]);
  await save(march2 + 3 * WINDOW_MS, 0, [
    found(0, 0, 2.06, 0.016),
    found(1, null, 7.7, 0.03),
    found(2, 1, 5.2, 0.024),
  ]);
  const march4 = MARCH(4) + 23 * HOUR_MS;
  await save(march4, 3, [{ ...found(0, 0, 1.9, 0.011), isReference: true }]);
  await save(march4 + WINDOW_MS, 3, [lost(0, 0)]);
  await catchUpRolledDays(db, bridgeId, Date.now());
  return store;
}
