import { describe, expect, it, vi } from 'vitest';
import { analyseBridge } from '../../../server/analysis/analyse-bridge.ts';
import { analysisResults } from '../../../server/db/schema.ts';
import { eq } from 'drizzle-orm';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { DAY_MS, START_MS, simulatedBridge, storeData, testScenario } from './analysis-fixtures.ts';

vi.setConfig({ hookTimeout: 600_000, testTimeout: 600_000 });

/** Real PostgreSQL only: the runs are long, and the exclusion reads alerts and episodes stored there. */
describe.each(drivers.filter((kind) => kind === 'postgres'))(
  'a persistent loss through retrainings on %s',
  (kind) => {
    const t = setupTestApp(kind);

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
      const options = { method: 'mahalanobis' as const, seed: 3 };
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
    });
  },
);
