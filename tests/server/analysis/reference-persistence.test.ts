import { describe, expect, it, vi } from 'vitest';
import { analyseBridge } from '../../../server/analysis/analyse-bridge.ts';
import {
  alerts,
  analysisModels,
  analysisResults,
  baselineVersions,
  frequencyShiftLevels,
} from '../../../server/db/schema.ts';
import { and, eq } from 'drizzle-orm';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { DAY_MS, START_MS, simulatedBridge, storeData, testScenario } from './analysis-fixtures.ts';

vi.setConfig({ hookTimeout: 600_000, testTimeout: 600_000 });

/**
 * Real PostgreSQL only: the runs are long, and the exclusion reads alerts and episodes stored
 * there. Skipped, not empty, without DATABASE_URL: a file with no suite fails `npm test`.
 */
describe.skipIf(!drivers.includes('postgres')).each(['postgres' as const])(
  'a persistent loss through retrainings on %s',
  (kind) => {
    const t = setupTestApp(kind);
    const options = { method: 'mahalanobis' as const, seed: 3 };
    const versionsOf = (bridgeId: number) =>
      t.services.database.db
        .select()
        .from(baselineVersions)
        .where(eq(baselineVersions.bridgeId, bridgeId))
        .orderBy(baselineVersions.version);
    /** Where the baseline of the model that scores the bridge ends. */
    const scoringEnd = async (bridgeId: number) => {
      const [row] = await t.services.database.db
        .select()
        .from(analysisModels)
        .where(eq(analysisModels.bridgeId, bridgeId));
      return row?.baselineEnd;
    };

    it('keeps a 5 % loss of the first mode raised through two retrainings', async () => {
      // The first mode of span 1 loses 5 % of its frequency from day 10 on, for good.
      const damage = [{ span: 'span-1', modes: [0], dropPercent: 5, from: START_MS + 10 * DAY_MS }];
      const scenario = testScenario('per', damage);
      const { bridge } = await simulatedBridge(t.services, {
        name: 'Persistent Loss Bridge',
        scenario,
        days: 14,
      });
      const { db } = t.services.database;
      const episodes = async () => {
        const [row] = await db
          .select({ n: analysisResults.numAnomalies })
          .from(analysisResults)
          .where(eq(analysisResults.bridgeId, bridge.id));
        return row?.n ?? 0;
      };
      expect(await analyseBridge(t.services, bridge.id, options)).toBe('evaluated');
      const first = await episodes();
      expect(first).toBeGreaterThan(0);

      // Two more weeks, each retrained on everything stored (the damage would join the baseline).
      const raised: number[] = [];
      for (const week of [2, 3]) {
        await storeData(
          t.services,
          scenario,
          START_MS + week * 7 * DAY_MS,
          START_MS + (week + 1) * 7 * DAY_MS,
        );
        expect(await analyseBridge(t.services, bridge.id, { ...options, retrain: true })).toBe(
          'evaluated',
        );
        raised.push(await episodes());
      }
      expect(raised.every((n) => n > 0)).toBe(true);

      // Against the commissioning reference the loss is −5 % on that mode, whatever the episodes
      // do, and the red trigger level stays crossed (decision 051).
      const latches = await db
        .select()
        .from(frequencyShiftLevels)
        .where(eq(frequencyShiftLevels.bridgeId, bridge.id));
      expect(latches.filter((l) => l.level === 'red')).toHaveLength(1);
      expect(latches.every((l) => l.referenceVersion === 1)).toBe(true);
      const [trigger] = await db
        .select()
        .from(alerts)
        .where(and(eq(alerts.bridgeId, bridge.id), eq(alerts.type, 'Trigger level crossed')));
      expect(trigger).toMatchObject({ state: 'active', severity: 'High' });

      // Version 1 commissioned the bridge; each retraining since waits as a proposal, the newest.
      const versions = await versionsOf(bridge.id);
      expect(versions.map((v) => [v.version, v.status, v.acceptedBy])).toEqual([
        [1, 'active', null],
        [2, 'superseded', null],
        [3, 'proposed', null],
      ]);
      expect(versions[0]?.reason).toBe('Commissioning: the bridge’s first baseline');
      expect(versions[2]?.reason).toBe(
        'A structural alert has been open since version 1 was accepted',
      );
      // The damaged days were left out of the proposal, and the scoring model is still version 1's.
      expect(versions[2]?.windowsExcluded).toBeGreaterThan(7 * 144);
      expect(await scoringEnd(bridge.id)).toEqual(versions[0]?.trainedTo);
    });

    it('makes a healthy retraining the reference by itself: it agrees within the uncertainty', async () => {
      const scenario = testScenario('hea');
      const { bridge } = await simulatedBridge(t.services, {
        name: 'Healthy Bridge',
        scenario,
        days: 14,
      });
      expect(await analyseBridge(t.services, bridge.id, options)).toBe('evaluated');
      await storeData(t.services, scenario, START_MS + 14 * DAY_MS, START_MS + 21 * DAY_MS);
      expect(await analyseBridge(t.services, bridge.id, { ...options, retrain: true })).toBe(
        'evaluated',
      );
      const versions = await versionsOf(bridge.id);
      expect(versions.map((v) => v.status)).toEqual(['superseded', 'active']);
      const [first, second] = versions;
      expect(second?.reason).toMatch(/^Agrees with version 1 within the uncertainty/);
      expect(second?.modes.length).toBeGreaterThan(0);
      for (const mode of second?.modes ?? []) {
        expect(mode.compared?.en).toBeLessThanOrEqual(1);
        expect(mode.uncertainty_hz).toBeGreaterThan(0);
      }
      expect(first?.temperatureMin).toBeLessThan(first?.temperatureMax ?? Number.NaN);
      expect(await scoringEnd(bridge.id)).toEqual(second?.trainedTo);
    });
  },
);
