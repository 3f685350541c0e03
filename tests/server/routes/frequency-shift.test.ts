import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import { updateReferenceShift } from '../../../server/analysis/reference-shift-step.ts';
import type { BaselineMode } from '../../../server/db/schema.ts';
import { alerts, frequencyShifts } from '../../../server/db/schema.ts';
import { companyPerson } from '../../helpers/company-person.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { assignBridge } from '../alerts/alert-fixtures.ts';
import {
  bridgeWindows,
  DAY,
  EVALUATED_START,
  FEATURES,
  referenceModes,
  WINDOW_MS,
} from '../analysis/reference-shift-fixtures.ts';

vi.setConfig({ hookTimeout: 300_000 });

type Series = components['schemas']['FrequencyShiftSeries'];
const LEVELS = { amberPercent: -2, redPercent: -5 };
const MODES = referenceModes();

describe.each(drivers)('the shift against the accepted reference on %s', (kind) => {
  const t = setupTestApp(kind);

  /** A bridge of company Alpha whose active reference is the ten healthy fixture days. */
  async function scene() {
    const adminA = await companyPerson(t, 'alpha-admin', 'Alpha Spans', { admin: true });
    const adminB = await companyPerson(t, 'beta-admin', 'Beta Spans', { admin: true });
    const operator = await t.createUser();
    const outsider = await t.createUser();
    const bridge = await t.services.bridges.create({
      companyId: adminA.row.companyId,
      name: 'Alpha Bridge',
      location: 'River',
    });
    await assignBridge(t, operator.id, bridge.id);
    await addVersion(bridge.id, MODES);
    return { adminB, operator, outsider, bridgeId: bridge.id };
  }

  const addVersion = (bridgeId: number, modes: BaselineMode[]) =>
    t.services.baselines.add({
      bridgeId,
      status: 'active',
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
      acceptedAt: new Date(),
      acceptedBy: null,
      reason: 'Commissioning',
    });

  /** One evaluation of `days` days from day `firstDay`, its modes scaled by `factor(day)`. */
  async function evaluate(
    bridgeId: number,
    firstDay: number,
    days: number,
    factor: (day: number) => number,
  ) {
    const windows = bridgeWindows(
      EVALUATED_START + firstDay * DAY * WINDOW_MS,
      days * DAY,
      firstDay + 11,
      (i) => factor(firstDay + Math.floor(i / DAY)),
    );
    const reference = await t.services.baselines.active(bridgeId);
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

  it('latches amber on a uniform −2 % drop across evaluations, until a maintenance is recorded', async () => {
    const { bridgeId } = await scene();
    const dropped = (day: number) => (day >= 2 ? 0.98 : 1);
    expect(await evaluate(bridgeId, 0, 4, dropped)).toEqual(['amber', 'amber', 'amber', 'amber']);
    const [raised] = await triggerAlerts(bridgeId);
    expect(raised).toMatchObject({ state: 'active', severity: 'Medium' });
    expect(raised?.message).toMatch(
      /^Trigger level crossed against reference version 1: s1-acc\.f\d −2\.0 % ± 0\.\d %/,
    );
    // Every window of every mode is stored against version 1.
    const stored = await t.services.database.db
      .select()
      .from(frequencyShifts)
      .where(eq(frequencyShifts.bridgeId, bridgeId));
    expect(stored).toHaveLength(4 * 4 * DAY);
    expect(new Set(stored.map((r) => r.referenceVersion))).toEqual(new Set([1]));

    // The next evaluation sees −1.5 %: above the level, not back half-way, so amber holds.
    expect(await evaluate(bridgeId, 4, 1, () => 0.985)).toEqual([
      'amber',
      'amber',
      'amber',
      'amber',
    ]);
    expect((await triggerAlerts(bridgeId)).map((a) => a.state)).toEqual(['active']);

    // An engineer records a maintenance: the route clears the alert, and the latch is released.
    await t.services.maintenance.add({ bridgeId, occurredOn: '2026-06-16', kind: 'repair' });
    await t.services.alerts.clearForMaintenance({
      bridgeId,
      kind: 'repair',
      occurredOn: '2026-06-16',
      sensorId: null,
      note: null,
    });
    expect(await evaluate(bridgeId, 5, 1, () => 0.985)).toEqual(['none', 'none', 'none', 'none']);
    expect((await triggerAlerts(bridgeId)).map((a) => a.state)).toEqual(['cleared']);
  });

  it('releases the level when a new reference is accepted, and raises red at −5 %', async () => {
    const { bridgeId } = await scene();
    expect(await evaluate(bridgeId, 0, 3, (day) => (day >= 1 ? 0.95 : 1))).toEqual([
      'red',
      'red',
      'red',
      'red',
    ]);
    expect((await triggerAlerts(bridgeId))[0]?.severity).toBe('High');
    // The engineer accepts the bridge as it now is: a reference 5 % lower.
    await addVersion(
      bridgeId,
      MODES.map((m) => ({ ...m, mean_hz: 0.95 * m.mean_hz })),
    );
    expect(await evaluate(bridgeId, 3, 1, () => 0.95)).toEqual(['none', 'none', 'none', 'none']);
    expect((await triggerAlerts(bridgeId)).map((a) => a.state)).toEqual(['cleared']);
  });

  it('serves each mode’s series, bounded, with its levels, to whoever sees the bridge', async () => {
    const { adminB, operator, outsider, bridgeId } = await scene();
    const empty = await read(operator.token, bridgeId);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ reference_version: 1, modes: [] });

    await evaluate(bridgeId, 0, 4, (day) => (day >= 2 ? 0.98 : 1));
    const seen = await read(operator.token, bridgeId);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      bridge: bridgeId,
      reference_version: 1,
      levels: { amber_percent: -2, red_percent: -5 },
      // 576 windows of 10 minutes, at most 500 points: two windows a point.
      bucket_minutes: 20,
    });
    expect(seen.body.modes.map((m) => [m.feature, m.level])).toEqual(
      FEATURES.map((f) => [f, 'amber']),
    );
    const [first] = seen.body.modes;
    expect(first?.points).toHaveLength(2 * DAY);
    expect(first?.points[0]?.t).toBe(new Date(EVALUATED_START).toISOString());
    expect(first?.points[0]?.shift_percent).toBeCloseTo(0, 0);
    expect(first?.points.at(-1)?.shift_percent).toBeCloseTo(-2, 0);
    expect(first?.estimate_percent).toBeCloseTo(-2, 1);
    expect(first?.crossed_at).not.toBeNull();

    expect((await read(outsider.token, bridgeId)).status).toBe(404);
    const otherCompany = await read(adminB.token, bridgeId);
    expect(otherCompany.status).toBe(404);
    expect(otherCompany.body.detail).toBe(`Bridge ${bridgeId} not found`);
    expect((await read(operator.token, bridgeId + 1000)).status).toBe(404);
  });
});
