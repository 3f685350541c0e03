import { describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import { alerts } from '../../../server/db/schema.ts';
import { analyseBridge } from '../../../server/analysis/analyse-bridge.ts';
import { createBaselineVersions } from '../../../server/analysis/baseline-versions.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { evaluationDrivers } from '../../helpers/test-database.ts';
import { DAY_MS, START_MS, simulatedBridge, testScenario } from './analysis-fixtures.ts';

vi.setConfig({ testTimeout: 600_000, hookTimeout: 300_000 });

type Version = components['schemas']['BaselineVersion'];

// Issue 30, decision 045 (2026-12-03 (j)): a register status change entered after the model was
// trained, for a time inside its reference, means the training read those windows by statuses
// it no longer holds. The evaluation trains once more, and the new version says why.
describe.each(evaluationDrivers)(
  'a model trained before a status change in its reference on %s',
  (kind) => {
    const t = setupTestApp(kind);

    it('is retrained once, the version naming the change', async () => {
      const { bridge, sensors } = await simulatedBridge(t.services, {
        name: 'Learnt Status Bridge',
        scenario: testScenario('sls'),
        days: 9,
      });
      const versions = createBaselineVersions(t.services.database.db);
      expect(await analyseBridge(t.services, bridge.id, { epochs: 5 })).toBe('evaluated');
      expect(await versions.list(bridge.id)).toHaveLength(1);

      // Entered now: the gauge was Under Maintenance on day 5 of the 7-day reference.
      const change = (status: 'maintenance' | 'active', at: number) =>
        t.services.sensorStatus.change({
          sensorId: sensors.get('sls-s1-str') ?? 0,
          status,
          effectiveAt: new Date(at),
          note: null,
        });
      await change('maintenance', START_MS + 5 * DAY_MS);
      await change('active', START_MS + 6 * DAY_MS);

      expect(await analyseBridge(t.services, bridge.id, { epochs: 5 })).toBe('evaluated');
      const after = await versions.list(bridge.id);
      expect(after).toHaveLength(2);
      expect(after[0]?.reason).toMatch(
        /^Retrained because a sensor's register status was changed for a time inside the previous model's reference after it was trained \(sls-s1-str: Under Maintenance from 2026-04-06 00:00 UTC; sls-s1-str: Active from 2026-04-07 00:00 UTC\); this training reads each stream by the status in force then\. /,
      );

      // Trained after the change was entered: no further retraining for it.
      expect(await analyseBridge(t.services, bridge.id, { epochs: 5 })).toBe('evaluated');
      expect(await versions.list(bridge.id)).toHaveLength(2);
    });

    // Issue 29 (decision 041): a retraining that late evidence asks for makes a version as any
    // other does, so while a structural alert is open since the accepted reference it is only
    // proposed: the accepted version scores on until an engineer accepts the new one.
    it('proposes the retrained version while a structural alert is open', async () => {
      const { bridge, sensors } = await simulatedBridge(t.services, {
        name: 'Held Status Bridge',
        scenario: testScenario('hsb'),
        days: 9,
      });
      const engineer = await t.createUser({ staff: true, name: 'engineer' });
      const listed = async () =>
        (
          await t.request<Version[]>({
            method: 'GET',
            url: `/api/v1/bridges/${bridge.id}/baselines`,
            token: engineer.token,
          })
        ).body.map((v) => ({ version: v.version, status: v.status, reason: v.reason }));
      expect(await analyseBridge(t.services, bridge.id, { epochs: 5 })).toBe('evaluated');
      const scoringBefore = await t.services.analysis.findModel(bridge.id);
      expect(await listed()).toMatchObject([{ version: 1, status: 'active' }]);

      await t.services.database.db.insert(alerts).values({
        bridgeId: bridge.id,
        type: 'Anomaly Detection',
        severity: 'Medium',
        message: '1 anomaly detected',
        state: 'active',
        cause: {},
      });
      await t.services.sensorStatus.change({
        sensorId: sensors.get('hsb-s1-str') ?? 0,
        status: 'maintenance',
        effectiveAt: new Date(START_MS + 5 * DAY_MS),
        note: null,
      });

      expect(await analyseBridge(t.services, bridge.id, { epochs: 5 })).toBe('evaluated');
      const held = await listed();
      expect(held).toMatchObject([
        { version: 2, status: 'proposed' },
        { version: 1, status: 'active' },
      ]);
      expect(held[0]?.reason).toBe(
        "Retrained because a sensor's register status was changed for a time inside the previous " +
          "model's reference after it was trained (hsb-s1-str: Under Maintenance from " +
          '2026-04-06 00:00 UTC); this training reads each stream by the status in force then. ' +
          'A structural alert has been open since version 1 was accepted',
      );
      // Version 1 still scores; the waiting proposal was trained after the change: no retraining.
      expect((await t.services.analysis.findModel(bridge.id))?.trainedAt).toEqual(
        scoringBefore?.trainedAt,
      );
      expect(await analyseBridge(t.services, bridge.id, { epochs: 5 })).toBe('evaluated');
      expect(await listed()).toHaveLength(2);

      const accepted = await t.request<Version>({
        method: 'POST',
        url: `/api/v1/bridges/${bridge.id}/baselines/2/accept`,
        token: engineer.token,
      });
      expect(accepted.body).toMatchObject({ version: 2, status: 'active' });
      expect(await listed()).toMatchObject([
        { version: 2, status: 'active' },
        { version: 1, status: 'superseded' },
      ]);
    });
  },
);
