import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runBridgeJob } from '../../../server/analysis/bridge-job.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { STRAIN_BIN_WIDTH } from '../../../server/fatigue/strain-counting.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import { DAY_MS, START_MS, storeStrain, strainBridge, trafficBlocks } from './strain-fixtures.ts';

const HOUR_MS = 3_600_000;

// Decision 045, 2026-12-02 (c): the analysis job checks the sensors before it counts, so spikes
// its checks find in yesterday's data are left out of yesterday's count.
describe.each(drivers)(
  'the bridge job counts after the sensor checks (%s)',
  { timeout: 120_000 },
  (kind) => {
    const t = setupTestApp(kind);

    it('leaves out of the fatigue count the spikes the same job found', async () => {
      const made = await strainBridge(t.services, 'Late Spike Span', 'late-spike-str');
      // Day 0 at 1 Hz (a whole day: no dropouts); ten lone 2,000 µε spikes from 23:30 (trucks
      // make up to about 350 µε here).
      const blocks = trafficBlocks(START_MS, START_MS + DAY_MS, { seed: 5, rateHz: 1 }).map((b) => {
        const k = (b.start - (START_MS + 23.5 * HOUR_MS)) / 60_000;
        if (k < 0 || k >= 20 || k % 2 !== 0) return b;
        return { start: b.start, values: b.values.map((v, i) => (i === 30 ? v + 2000 : v)) };
      });
      await storeStrain(t.services, 'late-spike-str', blocks, 1);
      const result = await runBridgeJob(
        t.services,
        { bridgeId: made.bridge.id, retrain: false },
        {},
      );
      expect(result.kind).toBe('not-ready');
      const faults = rowsOf<{ kind: string }>(
        await t.services.database.db.execute(
          sql`SELECT kind FROM sensor_faults WHERE datastream_id = ${made.datastreamId}`,
        ),
      );
      expect(faults.map((f) => f.kind)).toEqual(['spikes']);
      const [day] = rowsOf<{ bins: [number, number][]; excluded_samples: number }>(
        await t.services.database.db.execute(sql`
        SELECT bins, excluded_samples::float8 AS excluded_samples FROM fatigue_histograms
        WHERE datastream_id = ${made.datastreamId} ORDER BY day`),
      );
      expect(day?.excluded_samples).toBeGreaterThan(0);
      expect(Math.max(0, ...(day?.bins ?? []).map(([bin]) => bin * STRAIN_BIN_WIDTH))).toBeLessThan(
        1000,
      );
    });
  },
);
