import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Schemas } from '../contract-types.ts';
import type { Db } from '../db/client.ts';
import { identifiedModes, MAX_STORED_MODES } from '../db/schema.ts';
import { STRIP_PERSISTENCE } from '../analytics/modal/strip-persistence.ts';
import { createBaselineVersions } from './baseline-versions.ts';
import { locatedChange, STRIP_REFERENCE_WINDOWS } from './located-change.ts';
import { modesDaily, type DailySpread } from './modes-daily.ts';
import { createModesStore, type StoredModeRow } from './modes-store.ts';
import { inForceAt } from './version-in-force.ts';

/** Windows in the answer's history at most: three and a half days of 10-minute windows. */
export const MAX_MODE_HISTORY_WINDOWS = 500;

function windowOf(rows: readonly StoredModeRow[]): Schemas['ModesWindow'] | null {
  const first = rows[0];
  if (!first) return null;
  return {
    window_start: first.windowStart.toISOString(),
    window_end: first.windowEnd.toISOString(),
    reference_version: first.referenceVersion,
    modes: rows.map((r) => ({
      position: r.position,
      frequency_hz: r.frequencyHz,
      damping_ratio: r.dampingRatio,
      mpc: r.mpc,
      lost: r.lost,
      reference_mode: r.referenceMode,
      reference_mac: r.referenceMac,
      shape: r.shape,
    })),
  };
}

const spreadDto = (s: DailySpread | null): Schemas['DailySpread'] | null =>
  s && { median: s.median, q1: s.q1, q3: s.q3 };

/**
 * A bridge's stored modes as the API answers them (decision 059): the reference window and the
 * newest window whole, and the newest windows' frequencies and damping; at most
 * MAX_MODE_HISTORY_WINDOWS × MAX_STORED_MODES rows, whatever the bridge's age.
 */
export function createModesView(db: Db) {
  const versions = createBaselineVersions(db);
  const store = createModesStore(db);
  return {
    /**
     * `before`: as the answer stood then (the monthly report's month end, decision 021 (b)): its
     * reference is the version in force at `before` (0: none yet), and its windows those starting
     * before it that were matched against that version or an earlier one. A later version's
     * baseline backfill stores windows of the time before it, matched against it; they and its
     * reference window did not exist then.
     */
    async ofBridge(bridgeId: number, before?: Date): Promise<Schemas['BridgeModes']> {
      const ofBridge = eq(identifiedModes.bridgeId, bridgeId);
      // Version 0: the bridge's first windows, before any version was active (decision 059).
      const version = before
        ? (inForceAt(await versions.anchorCandidates(bridgeId), before)?.version ?? 0)
        : ((await versions.active(bridgeId))?.version ?? 0);
      const cut = before && { before, maxVersion: version };
      const starts = await store.newestStarts(bridgeId, MAX_MODE_HISTORY_WINDOWS, cut);
      const newest = starts[0];
      const oldest = starts.at(-1);
      const latest =
        newest === undefined
          ? []
          : await db
              .select()
              .from(identifiedModes)
              .where(and(ofBridge, eq(identifiedModes.windowStart, newest)))
              .orderBy(asc(identifiedModes.position))
              .limit(MAX_STORED_MODES);
      const history =
        oldest === undefined
          ? []
          : await db
              .select({
                start: identifiedModes.windowStart,
                referenceMode: identifiedModes.referenceMode,
                frequencyHz: identifiedModes.frequencyHz,
                dampingRatio: identifiedModes.dampingRatio,
                lost: identifiedModes.lost,
              })
              .from(identifiedModes)
              .where(
                and(
                  ofBridge,
                  gte(identifiedModes.windowStart, oldest),
                  lte(identifiedModes.windowStart, newest ?? oldest),
                  cut ? lte(identifiedModes.referenceVersion, version) : undefined,
                ),
              )
              .orderBy(asc(identifiedModes.windowStart), asc(identifiedModes.position))
              .limit(MAX_MODE_HISTORY_WINDOWS * MAX_STORED_MODES);
      const startedBefore = (row: StoredModeRow | undefined) =>
        !before || (row !== undefined && row.windowStart < before);
      const reference = (
        await store.firstWindows(bridgeId, version, STRIP_REFERENCE_WINDOWS)
      ).filter((w) => startedBefore(w[0]));
      // The window flagged the reference, not the version's oldest: the baseline's backfill
      // (modal-backfill.ts) stores windows older than it, matched against it.
      const referenceRows = (await store.referenceModes(bridgeId, version)).filter(startedBefore);
      const referenceStart = referenceRows[0]?.windowStart.getTime();
      return {
        bridge: bridgeId,
        reference_version: version === 0 ? null : version,
        reference: windowOf(
          referenceRows.filter((r) => r.windowStart.getTime() === referenceStart),
        ),
        latest: windowOf(latest),
        located_change: await locatedChange(db, reference, [
          latest,
          ...(await store.windowsAt(bridgeId, starts.slice(1, STRIP_PERSISTENCE.of))),
        ]),
        history: history.map((h) => ({
          window_start: h.start.toISOString(),
          reference_mode: h.referenceMode,
          frequency_hz: h.frequencyHz,
          damping_ratio: h.dampingRatio,
          lost: h.lost,
        })),
      };
    },

    /** Each reference mode per UTC day from `fromMs` to `toMs` (exclusive), as the API answers. */
    async daily(
      bridgeId: number,
      fromMs: number,
      toMs: number,
    ): Promise<Omit<Schemas['BridgeModesDaily'], 'from' | 'to'>> {
      const summary = await modesDaily(db, bridgeId, fromMs, toMs);
      return {
        bridge: bridgeId,
        days: summary.days,
        modes: summary.modes.map((m) => ({
          reference_version: m.referenceVersion,
          reference_mode: m.referenceMode,
          days: m.days.map((d) => ({
            day: d.day,
            windows_found: d.found,
            windows_lost: d.lost,
            lost_share: d.found + d.lost === 0 ? 0 : d.lost / (d.found + d.lost),
            frequency_hz: spreadDto(d.frequencyHz),
            damping_ratio: spreadDto(d.dampingRatio),
          })),
        })),
      };
    },
  };
}

export type ModesView = ReturnType<typeof createModesView>;
