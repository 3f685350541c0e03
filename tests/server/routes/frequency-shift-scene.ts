import { and, eq } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { updateReferenceShift } from '../../../server/analysis/reference-shift-step.ts';
import type { BaselineVersionRow } from '../../../server/analysis/baseline-versions.ts';
import type { BaselineMode } from '../../../server/db/schema.ts';
import { alerts } from '../../../server/db/schema.ts';
import { alphaBridgeCast } from '../../helpers/company-person.ts';
import type { setupTestApp } from '../../helpers/test-app.ts';
import {
  bridgeWindows,
  DAY,
  EVALUATED_START,
  FEATURES,
  referenceModes,
  WINDOW_MS,
} from '../analysis/reference-shift-fixtures.ts';

export type Series = components['schemas']['FrequencyShiftSeries'];
const LEVELS = { amberPercent: -2, redPercent: -5 };
export const MODES = referenceModes();

/**
 * The reference-shift tests' scene (decision 051): a bridge with the fixture's accepted
 * reference, evaluations of fixture days through the stored step and AlertService, and reads.
 */
export function shiftScene(t: ReturnType<typeof setupTestApp>) {
  /** A bridge of company Alpha whose active reference is the ten healthy fixture days. */
  async function scene() {
    const cast = await alphaBridgeCast(t);
    await addVersion(cast.bridgeId, MODES);
    return cast;
  }

  const addVersion = (
    bridgeId: number,
    modes: BaselineMode[],
    status: 'active' | 'proposed' = 'active',
  ) =>
    t.services.baselines.add({
      bridgeId,
      status,
      trainedFrom: new Date(EVALUATED_START - 10 * DAY * WINDOW_MS),
      trainedTo: new Date(EVALUATED_START),
      windowsUsed: 10 * DAY,
      windowsExcluded: 0,
      temperatureMin: 2,
      temperatureMax: 18,
      modes,
      // What analysis_models needs of a stored model; the detector is never restored here.
      model: {
        version: 1,
        featureNames: FEATURES,
        detector: { method: 'mahalanobis', threshold: 7 },
      },
      trainingSeconds: 2,
      acceptedAt: status === 'active' ? new Date() : null,
      acceptedBy: null,
      reason: 'Commissioning',
    });

  /**
   * One evaluation of `days` days from day `firstDay`, its modes scaled by `factor(day)`. A race
   * is staged with `race`: the reference the evaluation read before (default: the active one),
   * and what happens between its reference-shift step and its alerts.
   */
  async function evaluate(
    bridgeId: number,
    firstDay: number,
    days: number,
    factor: (day: number) => number,
    race: { reference?: BaselineVersionRow; beforeAlerts?: () => Promise<void> } = {},
  ) {
    const windows = bridgeWindows(
      EVALUATED_START + firstDay * DAY * WINDOW_MS,
      days * DAY,
      firstDay + 11,
      (i) => factor(firstDay + Math.floor(i / DAY)),
    );
    return judge(bridgeId, windows, race);
  }

  /** The stored reference-shift step and AlertService on these windows; each line's level. */
  async function judge(
    bridgeId: number,
    windows: readonly { start: number; features: readonly number[]; temperatureC: number }[],
    race: { reference?: BaselineVersionRow; beforeAlerts?: () => Promise<void> } = {},
  ) {
    const reference = race.reference ?? (await t.services.baselines.active(bridgeId));
    if (!reference) throw new Error('no active reference');
    const maintenance = await t.services.maintenance.list(bridgeId);
    const evaluatedAt = new Date();
    const referenceShift = await updateReferenceShift(t.services.database.db, {
      bridgeId,
      reference,
      featureNames: FEATURES,
      windows,
      levels: LEVELS,
      maintenanceRecordedAt: maintenance[0]?.createdAt.getTime() ?? null,
      evaluatedAt,
    });
    await race.beforeAlerts?.();
    await t.services.alerts.analysisCompleted({
      bridgeId,
      numAnomalies: 0,
      evaluatedAt,
      anomalousWindows: [],
      contributingStreams: [],
      ...(referenceShift ? { referenceShift } : {}),
    });
    return referenceShift?.modes.map((m) => m.level);
  }

  const triggerAlerts = (bridgeId: number) =>
    t.services.database.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.bridgeId, bridgeId), eq(alerts.type, 'Trigger level crossed')));

  const read = (token: string, bridgeId: number) =>
    t.request<Series & { detail: string }>({
      method: 'GET',
      url: `/api/v1/bridges/${bridgeId}/frequency-shift`,
      token,
    });

  return { scene, addVersion, evaluate, judge, triggerAlerts, read };
}
