import { describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import { analyseBridge } from '../../../server/analysis/analyse-bridge.ts';
import { dataExtent, loadBridgeStreams } from '../../../server/analysis/bridge-streams.ts';
import { trainBridgeModel } from '../../../server/analysis/train-model.ts';
import { alerts, baselineVersions } from '../../../server/db/schema.ts';
import { asc, eq } from 'drizzle-orm';
import {
  DAY_MS,
  START_MS,
  simulatedBridge,
  storeData,
  testScenario,
} from '../analysis/analysis-fixtures.ts';
import { evaluationDrivers } from '../../helpers/test-database.ts';
import { sharedFixture } from '../../helpers/data-snapshot.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

vi.setConfig({ hookTimeout: 300_000, testTimeout: 300_000 });

type Schemas = components['schemas'];

describe.each(evaluationDrivers)('re-baselining after a repair on %s', (kind) => {
  const t = setupTestApp(kind);
  // Two tests start from the same eight healthy days, untrained: they are stored once.
  const healthyScenario = testScenario('gau');
  const healthyWeek = sharedFixture(
    () => t.services.database,
    'healthy',
    async () =>
      simulatedBridge(t.services, { name: 'Gauged Bridge', scenario: healthyScenario, days: 8 }),
  );

  it('reports re-baselining with n of 7 days, judges nothing after the repair and keeps the history', async () => {
    const staff = await t.createUser({ staff: true });
    const operator = await t.createUser();
    const { bridge } = await simulatedBridge(t.services, {
      name: 'Repaired Bridge',
      scenario: testScenario('rep'),
      days: 4,
    });
    await t.services.users.setBridges(operator.id, [bridge.id]);
    const [structural] = await t.services.database.db
      .insert(alerts)
      .values({
        bridgeId: bridge.id,
        type: 'Structural Warning',
        severity: 'High',
        message: 'Structural condition is Poor',
        cause: { windows: [], datastreams: [] },
      })
      .returning({ id: alerts.id });
    const repairDay = new Date(START_MS + DAY_MS).toISOString().slice(0, 10);
    const recorded = await t.request<Schemas['MaintenanceEvent']>({
      method: 'POST',
      url: `/api/v1/bridges/${bridge.id}/maintenance`,
      token: staff.token,
      body: { occurred_on: repairDay, kind: 'repair', note: 'Cracked diaphragm welded' },
    });
    expect(recorded.status).toBe(201);
    expect(recorded.body.cleared_alerts).toEqual([structural?.id]);

    const analysis = t.services;
    expect(await analyseBridge(analysis, bridge.id)).toBe('evaluated');
    const report = await t.request<Schemas['AnomalyReport']>({
      method: 'GET',
      url: `/api/v1/ai/anomalies?sid=${encodeURIComponent(bridge.name)}`,
      token: operator.token,
    });
    expect(report.status).toBe(200);
    // Just under 3 days of data follow the repair (4 stored from the day before it).
    expect(report.body.rebaselining).toEqual({ since: repairDay, days: 2, of: 7 });
    expect(report.body.period_start).toBe(`${repairDay}T00:00:00.000Z`);
    expect(report.body.windows.length).toBeGreaterThan(2 * 144);
    expect(report.body.windows.every((w) => w.error === null && !w.anomalous)).toBe(true);
    expect(report.body.num_anomalies).toBe(0);

    // The cleared warning stays in the bridge's history, with the maintenance named.
    const history = await t.request<Schemas['Alert'][]>({
      method: 'GET',
      url: `/api/v1/alerts?bridge=${bridge.id}&state=all`,
      token: operator.token,
    });
    expect(history.body).toEqual([
      expect.objectContaining({
        type: 'Structural Warning',
        state: 'cleared',
        cleared_note: `Cleared by maintenance: Repair recorded on ${repairDay}: Cracked diaphragm welded`,
      }),
    ]);

    // Recorded by mistake: without it the 4 days are too few to train.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/bridges/${bridge.id}/maintenance/${recorded.body.id}`,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(await analyseBridge(analysis, bridge.id)).toBe('not-ready');
  });

  it('re-baselines a repair on the reference’s temperature sensitivity, its level refitted (decision 051)', async () => {
    const scenario = healthyScenario;
    const { bridge } = await healthyWeek();
    const options = { method: 'mahalanobis' as const, seed: 3 };
    expect(await analyseBridge(t.services, bridge.id, options)).toBe('evaluated');
    const repairDay = new Date(START_MS + 8 * DAY_MS).toISOString().slice(0, 10);
    await t.services.maintenance.add({
      bridgeId: bridge.id,
      occurredOn: repairDay,
      kind: 'repair',
    });
    await storeData(
      t.services,
      scenario,
      START_MS + 8 * DAY_MS,
      START_MS + 15 * DAY_MS + 3_600_000,
    );
    expect(await analyseBridge(t.services, bridge.id, options)).toBe('evaluated');
    const [first, second] = await t.services.database.db
      .select()
      .from(baselineVersions)
      .where(eq(baselineVersions.bridgeId, bridge.id))
      .orderBy(asc(baselineVersions.version));
    expect(second).toMatchObject({ version: 2, status: 'active' });
    expect(second?.reason).toBe(
      `Re-baselined after the maintenance recorded on ${repairDay}; the temperature sensitivity ` +
        'of every mode is kept from version 1, and only the level refitted on the first 7 days after it',
    );
    expect(second?.modes.length).toBeGreaterThan(0);
    for (const mode of second?.modes ?? []) {
      expect(mode.sensitivity_from).toBe(1);
      expect(mode.compensation).toEqual(
        first?.modes.find((m) => m.feature === mode.feature)?.compensation,
      );
    }
    expect(second?.temperatureMin).toBe(first?.temperatureMin);
  });

  it('leaves a re-zeroed accelerometer out until it is relearnt, and trains without its older data', async () => {
    const { bridge, sensors } = await healthyWeek();
    const staff = await t.createUser({ staff: true });
    const analysis = t.services;
    expect(await analyseBridge(analysis, bridge.id, { epochs: 5 })).toBe('evaluated');
    const rezeroDay = new Date(START_MS + 7 * DAY_MS).toISOString().slice(0, 10);
    const recorded = await t.request<Schemas['MaintenanceEvent']>({
      method: 'POST',
      url: `/api/v1/bridges/${bridge.id}/maintenance`,
      token: staff.token,
      body: { occurred_on: rezeroDay, kind: 'sensor_rezero', sensor: sensors.get('gau-s1-acc') },
    });
    expect(recorded.status).toBe(201);
    expect(await analyseBridge(analysis, bridge.id)).toBe('evaluated');
    const report = await t.request<Schemas['AnomalyReport']>({
      method: 'GET',
      url: `/api/v1/ai/anomalies?sid=${encodeURIComponent(bridge.name)}`,
      token: staff.token,
    });
    expect(report.body.rebaselining).toBeUndefined();
    // Every window of the period counts the accelerometer as under maintenance; the rest is scored.
    expect(report.body.skipped_windows.maintenance).toBe(report.body.windows.length);
    expect(report.body.reconstruction_errors.filter((e) => e !== null).length).toBeGreaterThan(
      0.9 * report.body.windows.length,
    );

    // Training blanks the accelerometer's data before the re-zero and still trains.
    const streams = await loadBridgeStreams(t.services.database.db, bridge.id);
    const accelerometer = streams.find((s) => s.streamId === 'gau-s1-acc');
    const extent = await dataExtent(
      t.services.database.db,
      streams.map((s) => s.id),
    );
    if (!accelerometer || !extent) throw new Error('no accelerometer or data');
    const blankFrom = START_MS + 4 * DAY_MS;
    const trained = await trainBridgeModel(t.services.database.db, streams, extent, {
      epochs: 3,
      blankBefore: new Map([[accelerometer.id, blankFrom]]),
    });
    const column = trained.model.featureNames.indexOf('gau-s1-acc.f1');
    expect(column).toBeGreaterThanOrEqual(0);
    const values = (before: boolean) =>
      trained.baselineWindows
        .filter((w) => w.start < blankFrom === before)
        .map((w) => w.features[column] ?? Number.NaN);
    expect(values(true).every((v) => Number.isNaN(v))).toBe(true);
    expect(values(false).some((v) => Number.isFinite(v))).toBe(true);
    expect(Number.isFinite(trained.model.detector.threshold)).toBe(true);
  });
});
